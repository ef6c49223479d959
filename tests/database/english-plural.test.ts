/** Model tables by Laravel's convention: `Str::snake(Str::pluralStudly(class_basename($model)))` (answers from Laravel 11). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { conventionalTable } from '../../src/database/english-plural.js';

const test = suite('conventionalTable');

const LARAVEL: Record<string, string> = {
  User: 'users',
  UserProfile: 'user_profiles',
  Person: 'people',
  Category: 'categories',
  Status: 'statuses',
  Child: 'children',
  Media: 'media',
  Equipment: 'equipment',
  Quiz: 'quizzes',
  Leaf: 'leaves',
  Datum: 'data',
  Index: 'indices',
  Ox: 'oxen',
  Octopus: 'octopuses',
  Cactus: 'cacti',
  TransactionCurrency: 'transaction_currencies',
  HTTPLog: 'h_t_t_p_logs',
  PersonalAccessToken: 'personal_access_tokens',
  Passerby: 'passersby',
  Feedback: 'feedback',
  Mouse: 'mice',
};

for (const [model, table] of Object.entries(LARAVEL)) {
  test(`App\\Models\\${model} is ${table}`, () => {
    assert.is(conventionalTable(`App\\Models\\${model}`), table);
  });
}

test.run();
