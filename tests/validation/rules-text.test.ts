/**
 * ascii, lowercase, uppercase, doesnt_start_with, doesnt_end_with,
 * hex_color, mac_address, timezone (issue #11).
 */
import { suite } from 'uvu';
import { table, type Case } from './helpers.js';

const ASCII = ['The value field must only contain single-byte alphanumeric characters and symbols.'];
const HEX = ['The value field must be a valid hexadecimal color.'];
const MAC = ['The value field must be a valid MAC address.'];
const TZ = ['The value field must be a valid timezone.'];

const test = suite('text rules');
table(test, [
  ['ascii', 'abc 123 !~', null],
  ['ascii', 'é', ASCII],
  ['ascii', 42, null],
  ['lowercase', 'abc é', null],
  ['lowercase', 'Abc', ['The value field must be lowercase.']],
  ['lowercase', 5, ['The value field must be lowercase.']],
  ['uppercase', 'ABC É', null],
  ['uppercase', 'ABc', ['The value field must be uppercase.']],
  ['doesnt_start_with:a,b', 'cab', null],
  ['doesnt_start_with:a,b', 'bac', ['The value field must not start with one of the following: a, b.']],
  ['doesnt_end_with:c,1', 21, ['The value field must not end with one of the following: c, 1.']],
  ['doesnt_end_with:c,1', 'cab', null],
  ['hex_color', '#fff', null],
  ['hex_color', '#FFFFFFFF', null],
  ['hex_color', '#12345', HEX],
  ['hex_color', 'fff', HEX],
  ['mac_address', '01:23:45:67:89:ab', null],
  ['mac_address', '01-23-45-67-89-AB', null],
  ['mac_address', '0123.4567.89ab', null],
  ['mac_address', '01:23:45-67:89:ab', MAC],
  ['timezone', 'Europe/Paris', null],
  ['timezone', 'UTC', null],
  ['timezone', 'utc', TZ],
  ['timezone', 'US/Eastern', TZ],
  ['timezone:all_with_bc', 'US/Eastern', null],
  ['timezone:Europe', 'America/New_York', TZ],
  ['timezone:per_country,ua', 'Europe/Kyiv', null],
  ['timezone:Per_country,GB', 'UTC', TZ],
] satisfies Case[]);
test.run();
