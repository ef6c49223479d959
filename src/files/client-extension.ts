/**
 * The extension of a client's file name, as Symfony's
 * `UploadedFile::getClientOriginalExtension()`: the name after its last `/`
 * or `\` (`getName`), then PHP's `pathinfo(PATHINFO_EXTENSION)`, the text
 * after the last dot (`""` without one). Case is kept; Laravel's
 * `extensions` rule and its PHP-upload guard compare it lowercased.
 */
export function clientExtension(filename: string): string {
  const slash = Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\'));
  const name = slash === -1 ? filename : filename.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1);
}
