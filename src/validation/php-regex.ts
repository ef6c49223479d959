/**
 * Turns the PCRE literal of a `regex:` / `not_regex:` rule (`/^[a-z]+$/i`,
 * `#\d+#`, `{a(b)c}`) into a JavaScript RegExp, once, at compile time.
 * PCRE-only syntax that has a JavaScript equivalent is rewritten (`\A`, `\z`,
 * `\Z`, `\pL`, `(?P<name>`, the default `$` that also matches before a final
 * newline); anything else JavaScript rejects is reported as an Error.
 */

const BRACKETS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
/** PCRE modifiers with a JavaScript flag, and the harmless ones that have none. */
const FLAGS: Record<string, string> = { i: 'i', m: 'm', s: 's', u: 'u', D: '', S: '' };

/** Compiles a PHP regex literal; throws an Error with the reason when it cannot. */
export function compilePhpRegex(literal: string): RegExp {
  const open = literal[0];
  if (open === undefined || /[a-zA-Z0-9\\\s]/.test(open)) throw new Error('a regex needs delimiters, e.g. /^[a-z]+$/');
  const close = BRACKETS[open] ?? open;
  const end = literal.lastIndexOf(close);
  if (end <= 0) {
    throw new Error(
      `the regex has no closing delimiter "${close}" (in a pipe string a regex cannot contain "|": use the list form of rules)`,
    );
  }
  const body = literal.slice(1, end);
  const modifiers = literal.slice(end + 1);
  let flags = '';
  for (const m of modifiers) {
    const js = FLAGS[m];
    if (js === undefined) throw new Error(`the regex modifier "${m}" is not supported`);
    if (js !== '' && !flags.includes(js)) flags += js;
  }
  const dollarEndOnly = modifiers.includes('D') || flags.includes('m');
  const { source, unicode } = translate(body, open, close, dollarEndOnly);
  if (unicode && !flags.includes('u')) flags += 'u';
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw new Error(`the regex is not valid: ${(error as Error).message}`);
  }
}

/** Rewrites PCRE-only escapes; tracks character classes so `$` inside them stays literal. */
function translate(body: string, open: string, close: string, dollarEndOnly: boolean): { source: string; unicode: boolean } {
  let out = '';
  let inClass = false;
  let unicode = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\\') {
      const next = body[i + 1];
      i++;
      if (next === undefined) {
        out += '\\\\';
      } else if (next === 'Q' || next === 'E' || next === 'G' || next === 'K') {
        throw new Error(`the PCRE escape "\\${next}" has no JavaScript equivalent`);
      } else if ((next === open || next === close) && !/[\\^$.*+?()[\]{}|/-]/.test(next)) {
        out += next;
      } else if (!inClass && next === 'A') {
        out += '(?<![\\s\\S])';
      } else if (!inClass && next === 'z') {
        out += '(?![\\s\\S])';
      } else if (!inClass && next === 'Z') {
        out += '(?=\\n?(?![\\s\\S]))';
      } else if ((next === 'p' || next === 'P') && body[i + 1] !== '{' && body[i + 1] !== undefined) {
        out += `\\${next}{${body[i + 1]}}`;
        i++;
        unicode = true;
      } else {
        if (next === 'p' || next === 'P') unicode = true;
        out += '\\' + next;
      }
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
      continue;
    }
    if (ch === '[') {
      inClass = true;
      out += ch;
      if (body[i + 1] === '^') out += body[++i];
      if (body[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (ch === '$' && !dollarEndOnly) {
      out += '(?=\\n?(?![\\s\\S]))';
      continue;
    }
    if (ch === '(' && body.startsWith('?P<', i + 1)) {
      out += '(?<';
      i += 3;
      continue;
    }
    out += ch;
  }
  return { source: out, unicode };
}
