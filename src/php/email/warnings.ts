/**
 * The RFC warnings of egulias/email-validator: an address that parses but
 * uses a form RFC 5321/5322 allow only in messages, or deprecate. The RFC
 * validation (`email`, `email:rfc`) ignores them; `email:strict`
 * (NoRFCWarningsValidation) fails on any of them.
 */
export type EmailWarning =
  /** a quoted local part (`"john doe"@example.com`) */
  | 'QuotedString'
  /** a backslash before a space, tab or DEL inside a comment */
  | 'QuotedPart'
  /** a comment (`john(work)@example.com`) */
  | 'Comment'
  /** a comment right after the `@` */
  | 'DeprecatedComment'
  /** white space or a comment next to the `@` */
  | 'CFWSNearAt'
  /** folding white space elsewhere: a space or tab in a quoted string, a domain literal... */
  | 'CFWSWithFWS'
  /** a domain with no dot followed by a label (`user@localhost`, `a@b`), or a domain literal right after the `@` */
  | 'TLD'
  /** a domain literal that is not an address (`[mail]`) */
  | 'DomainLiteral'
  /** an IP address literal (`[127.0.0.1]`, `[IPv6:::1]`) */
  | 'AddressLiteral'
  /** a line feed or backslash inside a domain literal */
  | 'ObsoleteDTEXT'
  /** IPv6 literal forms: `[IPv6::…`, `…:]`, a non-hex group, a wrong group count, two `::`, too many groups, a deprecated `::` */
  | 'IPV6ColonStart'
  | 'IPV6ColonEnd'
  | 'IPV6BadChar'
  | 'IPV6GroupCount'
  | 'IPV6DoubleColon'
  | 'IPV6MaxGroups'
  | 'IPV6Deprecated'
  /** a local part over 64 octets */
  | 'LocalTooLong'
  /** an address over 254 octets */
  | 'EmailTooLong';

/** Where the parsers put the warnings they raise (egulias keys them by code, so each counts once). */
export type Warnings = Set<EmailWarning>;
