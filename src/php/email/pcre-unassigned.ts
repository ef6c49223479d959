/**
 * The characters Unicode assigned after version 14 as letters, marks,
 * numbers, punctuation or spaces (through this node's Unicode 17): PHP 8.2's
 * PCRE2 10.42 knows Unicode 14 and reads them as unassigned, so egulias'
 * lexer refuses them as it refuses symbols and controls. Listed by comparing
 * PHP's `\p{S}\p{C}` with node's for every code point.
 */
export const PCRE_UNASSIGNED =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: a list of single code points, each tested alone
  /[\u088f\u0897\u0c5c\u0cdc\u0cf3\u0ece\u1acf-\u1add\u1ae0-\u1aeb\u1b4e-\u1b4f\u1b7f\u1c89-\u1c8a\ua7cb-\ua7cf\ua7d2\ua7d4\ua7da-\ua7dc\ua7f1\u{105c0}-\u{105f3}\u{10940}-\u{10959}\u{10d40}-\u{10d65}\u{10d69}-\u{10d85}\u{10ec2}-\u{10ec7}\u{10ed0}\u{10efa}-\u{10eff}\u{1123f}-\u{11241}\u{11380}-\u{11389}\u{1138b}\u{1138e}\u{11390}-\u{113b5}\u{113b7}-\u{113c0}\u{113c2}\u{113c5}\u{113c7}-\u{113ca}\u{113cc}-\u{113d5}\u{113d7}-\u{113d8}\u{113e1}-\u{113e2}\u{116d0}-\u{116e3}\u{11b00}-\u{11b09}\u{11b60}-\u{11b67}\u{11bc0}-\u{11be1}\u{11bf0}-\u{11bf9}\u{11db0}-\u{11ddb}\u{11de0}-\u{11de9}\u{11f00}-\u{11f10}\u{11f12}-\u{11f3a}\u{11f3e}-\u{11f5a}\u{1342f}\u{13440}-\u{13455}\u{13460}-\u{143fa}\u{16100}-\u{16139}\u{16d40}-\u{16d79}\u{16ea0}-\u{16eb8}\u{16ebb}-\u{16ed3}\u{16ff2}-\u{16ff6}\u{187f8}-\u{187ff}\u{18cff}\u{18d09}-\u{18d1e}\u{18d80}-\u{18df2}\u{1b132}\u{1b155}\u{1ccf0}-\u{1ccf9}\u{1d2c0}-\u{1d2d3}\u{1df25}-\u{1df2a}\u{1e030}-\u{1e06d}\u{1e08f}\u{1e4d0}-\u{1e4f9}\u{1e5d0}-\u{1e5fa}\u{1e5ff}\u{1e6c0}-\u{1e6de}\u{1e6e0}-\u{1e6f5}\u{1e6fe}-\u{1e6ff}\u{2b739}-\u{2b73f}\u{2cea2}-\u{2cead}\u{2ebf0}-\u{2ee5d}\u{31350}-\u{33479}]/u;
