/**
 * The lists Laravel's file rules compare with, kept here so the rules and
 * `inspectFile` agree.
 */

/** Laravel 11's `image` rule: `mimes:jpg,jpeg,png,gif,bmp,svg,webp` (SVG included). */
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp'];

/**
 * Client extensions Laravel's `mimes`, `mimetypes` and `extensions` refuse
 * unless `php` is among the rule's parameters (`shouldBlockPhpUpload`).
 */
export const PHP_EXTENSIONS: readonly string[] = ['php', 'php3', 'php4', 'php5', 'php7', 'php8', 'phtml', 'phar'];
