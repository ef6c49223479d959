import { createServer } from 'node:http';
import { pieceNamed } from '../variants/pieces.js';
import { listen } from './serve.js';

/**
 * Contestant: one variant of bench/variants/pieces.ts, named as its first
 * argument (`switchyard-without-cors`, `bare-with-request-objects`...).
 * ServerProcess starts it for any such name.
 */
const name = process.argv[2] ?? '';
const piece = pieceNamed(name);
if (piece === undefined) throw new Error(`No variant is named "${name}" (bench/variants/pieces.ts).`);
listen(createServer(piece.listener()), name);
