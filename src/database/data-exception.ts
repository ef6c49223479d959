/**
 * SQLSTATEs of a bound value the column's type cannot hold: "abc" or
 * 99999999999 against an integer column, "2024-13-45" against a date, a
 * NUL byte in text. PostgreSQL refuses such a parameter before comparing
 * (MySQL and SQLite coerce instead), so no row can equal it. Class 22
 * errors that a value's conversion cannot cause (division by zero...) are
 * left out: they are bugs to report.
 */
const VALUE_CONVERSION_STATES: ReadonlySet<string> = new Set([
  '22P02', // invalid_text_representation
  '22P03', // invalid_binary_representation
  '22P05', // untranslatable_character
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22018', // invalid_character_value_for_cast
  '22021', // character_not_in_repertoire
]);

/** True for a driver error saying a bound value cannot be converted to the column's type (`code` in pg, `sqlState` in mysql2). */
export function isValueConversionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, sqlState } = error as { code?: unknown; sqlState?: unknown };
  return (
    (typeof code === 'string' && VALUE_CONVERSION_STATES.has(code)) ||
    (typeof sqlState === 'string' && VALUE_CONVERSION_STATES.has(sqlState))
  );
}
