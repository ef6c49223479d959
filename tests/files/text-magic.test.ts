/** The text magic mirrored from libmagic 5.40 (SVG, HTML, PHP, scripts); tests/files/libmagic-cases.ts has PHP's answers. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { looksLikeSvg, textType } from '../../src/files/text-magic.js';

const test = suite('text magic');
const type = (text: string) => textType(Buffer.from(text, 'latin1'))?.mimeType ?? 'text/plain';
const svg = (text: string) => looksLikeSvg(Buffer.from(text, 'latin1'));

test('SVG: <svg at the start, after an XML declaration, or a doctype svg in the first 4 KiB', () => {
  assert.ok(svg('<svg/>'));
  assert.ok(svg('\xef\xbb\xbf<svg/>'));
  assert.ok(svg('<?xml version="1.0"?>\n<!-- c -->\n<svg/>'));
  assert.ok(svg('<!doctype  SVG>'));
  assert.not.ok(svg(' <svg/>'));
  assert.not.ok(svg('<SVG/>'));
  assert.not.ok(svg('<?xml  version="1.0"?><svg/>'), 'the declaration is matched exactly');
  assert.not.ok(svg('<?xml version="1.0"?><note/>'));
  assert.not.ok(svg(`${'a'.repeat(4096)}<!doctype svg>`));
});

test('HTML tags, case-insensitive, W blanks need one blank, w blanks none', () => {
  assert.is(type('<!DOCTYPE   html>'), 'text/html');
  assert.is(type('<!doctypehtml>'), 'text/plain');
  assert.is(type('<Head\t>'), 'text/html');
  assert.is(type('<ahref=x>'), 'text/html');
  assert.is(type('<body><p>x</p></body>'), 'text/plain');
});

test('PHP and scripts from their first bytes; the magic string must fit in the content', () => {
  assert.is(type('<?php'), 'text/x-php');
  assert.is(type('<?\necho 1;'), 'text/x-php');
  assert.is(type('#! /usr/bin/php\n'), 'text/x-php');
  assert.is(type('#!/bin/bash\n'), 'text/x-shellscript');
  assert.is(type('#!/bin/sh'), 'text/plain');
  assert.is(type('#!/usr/local/bin/perl\n'), 'text/x-perl');
  assert.is(type('x,y#!/usr/bin/env python3\n'), 'text/x-script.python', 'env python is searched in the first 10 bytes');
});
test.run();
