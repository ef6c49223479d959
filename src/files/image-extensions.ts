/**
 * The lists Laravel's file rules compare with, kept here so the rules and
 * `inspectFile` agree.
 */

/** Laravel 11's `image` rule: `mimes:jpg,jpeg,png,gif,bmp,svg,webp` (SVG included). */
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp'];

/**
 * Laravel 12's `image` rule: SVG only with `image:allow_svg` (an SVG can
 * carry script), and AVIF and HEIC/HEIF added.
 */
export const IMAGE_EXTENSIONS_LARAVEL_12: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'avif', 'heic', 'heif'];

/** The MIME types Laravel's `dimensions` rule passes without measuring (`image/svg+xml`, `image/svg`). */
export const SVG_MIME_TYPES: readonly string[] = ['image/svg+xml', 'image/svg'];

/**
 * Client extensions Laravel's `mimes`, `mimetypes` and `extensions` refuse
 * unless `php` is among the rule's parameters (`shouldBlockPhpUpload`).
 */
export const PHP_EXTENSIONS: readonly string[] = ['php', 'php3', 'php4', 'php5', 'php7', 'php8', 'phtml', 'phar'];
