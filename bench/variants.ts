import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pairedCost } from './compare.js';
import { RESULTS_DIR } from './machine.js';
import { checkAnswers } from './check-answers.js';
import { ServerProcess, canPin, rerunOnCore0 } from './server-process.js';
import { SIDE_BY_SIDE_ARGS, sideBySide, sideBySideOptions } from './side-by-side-pairs.js';
import { fixed } from './stats.js';
import { markdown } from './table.js';
import { PIECES, variantName } from './variants/pieces.js';

/**
 * `npm run bench:variants [-- piece...] [--pairs 8] [--seconds 2]`: what each
 * piece of a request costs over sockets, found by subtraction. Each variant
 * of bench/variants/pieces.ts runs side by side (side-by-side-pairs.ts) with
 * its base: the example without the piece against the full build, or the
 * bare server with the piece against the bare one. The table goes to
 * bench/results/variants.md; a ratio above 1 means the piece costs that much
 * throughput, and the CPU column is what it costs per request.
 */
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    ...SIDE_BY_SIDE_ARGS,
    out: { type: 'string', default: `${RESULTS_DIR}variants.md` },
  },
});
if (canPin()) rerunOnCore0(fileURLToPath(import.meta.url));

const pieces = positionals.length === 0 ? PIECES : PIECES.filter((piece) => positionals.includes(piece.piece));
const rows: string[][] = [];
for (const piece of pieces) {
  const variant = variantName(piece);
  process.stderr.write(`${variant} against ${piece.against}\n`);
  // A variant must answer as its base does (200 and 422 bodies) before its throughput means anything.
  const server = await ServerProcess.start(variant);
  const wrong = await checkAnswers(server.port).finally(() => server.stop());
  if (wrong.length > 0) throw new Error(`${variant} answers wrongly: ${wrong.join('; ')}`);
  const samples = await sideBySide(piece.against, variant, sideBySideOptions(args));
  // Read as what the piece costs: the build without it over the build with it.
  const withPiece = piece.against === 'switchyard' ? 'a' : 'b';
  const withoutPiece = withPiece === 'a' ? 'b' : 'a';
  for (const cost of pairedCost(samples, withoutPiece, withPiece)) {
    const [low, high] = cost.rpsRatioRange;
    rows.push([
      piece.piece,
      cost.op,
      fixed(cost.rpsRatio, 3),
      `${fixed(low, 2)}–${fixed(high, 2)}`,
      fixed(-cost.cpuMicrosMore, 2),
      variant,
    ]);
  }
}

const command = `npm run bench:variants -- --pairs ${args.pairs} --seconds ${args.seconds}${positionals.length > 0 ? ` ${positionals.join(' ')}` : ''}`;
const text = `# What a request costs, piece by piece

\`${command}\`, ${new Date().toISOString()}, Node ${process.version}. Each variant leaves one piece out of
the example application (or adds one to the bare node:http server), and runs side by side with the build
that has it (both servers on one core, loaded at once, ${args.pairs} fresh pairs; src: bench/variants/pieces.ts).

- **ratio**: req/s without the piece over req/s with it, median over pairs (above 1: the piece costs throughput);
- **range**: the lowest and highest ratio over pairs (two copies of one build differ by a few percent);
- **CPU µs**: server CPU per request with the piece minus without it, median over pairs.

${markdown(['piece', 'op', 'ratio', 'range', 'CPU µs/request', 'variant'], rows)}

How each variant leaves its piece out:

${pieces.map((piece) => `- \`${variantName(piece)}\` (against \`${piece.against}\`): ${piece.how}.`).join('\n')}
`;
writeFileSync(args.out, text);
console.log(text);
console.error(`wrote ${args.out}`);
