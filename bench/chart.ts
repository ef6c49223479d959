import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { RESULTS_DIR } from './machine.js';

/**
 * Small dependency-free SVG bar charts of the benchmark ratios:
 * `cost-curves.svg` from `cost-curves.json`, and `http-ratios.svg` from
 * `latest.json` when `npm run bench` has written one. Run directly
 * (`node dist/bench/chart.js`, or `npm run bench:charts`) to redraw both from
 * the JSON files; `cost-curves.ts` draws its own after a run.
 */

/** One bar: its value, the series it belongs to (its colour) and an optional min–max whisker. */
export interface Bar {
  label: string;
  value: number;
  series: number;
  range?: readonly [number, number];
}

export interface Group {
  label: string;
  bars: readonly Bar[];
}

/** A horizontal reference line across the plot. */
export interface RefLine {
  value: number;
  label: string;
  dashed: boolean;
}

export interface BarChart {
  title: string;
  subtitle: string;
  yLabel: string;
  groups: readonly Group[];
  series: readonly { name: string; color: string }[];
  legend: boolean;
  lines: readonly RefLine[];
  /** Value labels on the bars and the y axis. */
  format: (value: number) => string;
  /**
   * `log`: a logarithmic y axis whose bars grow from 1 (up above 1, down
   * below), for ratios that span decades; `linear` starts at zero.
   */
  scale: 'linear' | 'log';
}

const WIDTH = 760;
const HEIGHT = 420;
const MARGIN = { left: 70, right: 96, top: 70, bottom: 78 };
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"';

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (value: number) => String(Math.round(value * 10) / 10);

/** A tick step of 1, 2 or 5 × 10^k giving about five ticks up to `max`. */
function tickStep(max: number): number {
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

interface Axis {
  ticks: number[];
  y: (value: number) => number;
  /** Where bars start. */
  base: number;
}

function linearAxis(values: readonly number[], plotH: number): Axis {
  const highest = Math.max(...values) * 1.12;
  const step = tickStep(highest);
  const yMax = Math.ceil(highest / step) * step;
  const ticks: number[] = [];
  for (let k = 0; k * step <= yMax + step / 1000; k++) ticks.push(Number((k * step).toFixed(6)));
  return { ticks, y: (v) => MARGIN.top + plotH - (v / yMax) * plotH, base: 0 };
}

/** Decades with 1-2-5 ticks, from below the smallest value (at most 1) to above the largest. */
function logAxis(values: readonly number[], plotH: number): Axis {
  const lo = Math.log10(Math.min(1, ...values) / 1.15);
  const hi = Math.log10(Math.max(...values) * 1.35);
  const ticks: number[] = [];
  for (let e = Math.floor(lo); e <= Math.ceil(hi); e++) {
    for (const m of [1, 2, 5]) {
      const v = Number((m * 10 ** e).toPrecision(3));
      if (Math.log10(v) >= lo && Math.log10(v) <= hi) ticks.push(v);
    }
  }
  return { ticks, y: (v) => MARGIN.top + plotH - ((Math.log10(v) - lo) / (hi - lo)) * plotH, base: 1 };
}

/** Renders grouped vertical bars starting at zero, with reference lines, as an SVG document. */
export function barChartSvg(chart: BarChart): string {
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const values = [...chart.groups.flatMap((g) => g.bars.flatMap((b) => [b.value, ...(b.range ?? [])])), ...chart.lines.map((l) => l.value)];
  const { ticks, y, base } = chart.scale === 'log' ? logAxis(values, plotH) : linearAxis(values, plotH);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" ${FONT} font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="16" font-weight="600" fill="#222">${xml(chart.title)}</text>`,
    `<text x="${WIDTH / 2}" y="43" text-anchor="middle" font-size="11" fill="#666">${xml(chart.subtitle)}</text>`,
  );
  // Grid and y axis.
  for (const v of ticks) {
    const ty = num(y(v));
    out.push(
      `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${ty}" y2="${ty}" stroke="#e6e6e6"/>`,
      `<text x="${MARGIN.left - 8}" y="${ty}" dy="4" text-anchor="end" fill="#444">${xml(chart.scale === 'log' ? `${v}×` : String(v))}</text>`,
    );
  }
  const midY = MARGIN.top + plotH / 2;
  out.push(
    `<text transform="translate(18 ${midY}) rotate(-90)" text-anchor="middle" fill="#222">${xml(chart.yLabel)}</text>`,
    `<line x1="${MARGIN.left}" x2="${MARGIN.left}" y1="${MARGIN.top}" y2="${MARGIN.top + plotH}" stroke="#444"/>`,
  );
  // Bars.
  const groupW = plotW / chart.groups.length;
  chart.groups.forEach((group, g) => {
    const inner = groupW * 0.8;
    const barW = Math.min(56, inner / group.bars.length);
    const start = MARGIN.left + g * groupW + (groupW - barW * group.bars.length) / 2;
    group.bars.forEach((bar, b) => {
      const x = start + b * barW;
      const color = chart.series[bar.series]?.color ?? '#888';
      const top = Math.min(y(bar.value), y(base));
      const height = Math.max(1, Math.abs(y(bar.value) - y(base)));
      out.push(
        `<rect x="${num(x + 3)}" y="${num(top)}" width="${num(barW - 6)}" height="${num(height)}" fill="${color}">` +
          `<title>${xml(`${group.label}, ${bar.label}: ${chart.format(bar.value)}`)}</title></rect>`,
      );
      const cx = num(x + barW / 2);
      // The value sits beyond the bar's far end (and its whisker): above it, or below a bar that points down.
      const below = bar.value < base;
      let labelY = below ? y(bar.value) + 15 : top - 5;
      if (bar.range !== undefined) {
        const [lo, hi] = bar.range;
        out.push(
          `<line x1="${cx}" x2="${cx}" y1="${num(y(lo))}" y2="${num(y(hi))}" stroke="#333"/>`,
          `<line x1="${num(x + barW / 2 - 5)}" x2="${num(x + barW / 2 + 5)}" y1="${num(y(hi))}" y2="${num(y(hi))}" stroke="#333"/>`,
          `<line x1="${num(x + barW / 2 - 5)}" x2="${num(x + barW / 2 + 5)}" y1="${num(y(lo))}" y2="${num(y(lo))}" stroke="#333"/>`,
        );
        labelY = below ? Math.max(labelY, y(lo) + 15) : Math.min(labelY, y(hi) - 5);
      }
      out.push(`<text x="${cx}" y="${num(labelY)}" text-anchor="middle" font-size="11" fill="#222">${xml(chart.format(bar.value))}</text>`);
      if (bar.label !== '') {
        out.push(`<text x="${cx}" y="${MARGIN.top + plotH + 16}" text-anchor="middle" font-size="11" fill="#444">${xml(bar.label)}</text>`);
      }
    });
    out.push(
      `<text x="${num(MARGIN.left + g * groupW + groupW / 2)}" y="${MARGIN.top + plotH + 38}" text-anchor="middle" font-size="13" font-weight="600" fill="#222">${xml(group.label)}</text>`,
    );
  });
  // Reference lines over the bars, labelled in the right margin, the labels kept 13 px apart.
  let lastLabelY = Number.POSITIVE_INFINITY;
  for (const line of [...chart.lines].sort((a, b) => a.value - b.value)) {
    const ly = y(line.value);
    const color = line.dashed ? '#c0392b' : '#333';
    const dash = line.dashed ? ' stroke-dasharray="6 4"' : '';
    const labelY = Math.min(ly + 4, lastLabelY - 13);
    lastLabelY = labelY;
    out.push(
      `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${num(ly)}" y2="${num(ly)}" stroke="${color}" stroke-width="1.5"${dash}/>`,
      `<text x="${MARGIN.left + plotW + 6}" y="${num(labelY)}" font-size="11" fill="${color}">${xml(line.label)}</text>`,
    );
  }
  out.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${MARGIN.top + plotH}" y2="${MARGIN.top + plotH}" stroke="#444"/>`);
  if (chart.legend) {
    let lx = MARGIN.left;
    const ly = HEIGHT - 16;
    for (const s of chart.series) {
      out.push(
        `<rect x="${lx}" y="${ly - 10}" width="12" height="12" fill="${s.color}"/>`,
        `<text x="${lx + 17}" y="${ly}" fill="#222">${xml(s.name)}</text>`,
      );
      lx += 30 + s.name.length * 7;
    }
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** Colours that stay apart for colour-blind readers (Okabe–Ito). */
const COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7'];

/** What `cost-curves.ts` writes to `cost-curves.json` (the parts drawn). */
export interface CostCurves {
  date: string;
  machine: { cpu: string; nproc: number; node: string; build: string };
  repetitions: number;
  target: number;
  results: readonly { curve: string; label: string; ratio: number }[];
}

const CURVE_TITLES: Record<string, string> = { fields: 'fields', wildcard: 'items (items.*.name)', body: 'JSON body (parse + validate)' };

/** The ratio switchyard / hand-written ajv per size, one group of bars per curve. */
export function costChartSvg(data: CostCurves): string {
  const curves = [...new Set(data.results.map((r) => r.curve))];
  return barChartSvg({
    title: 'Validation cost: Switchyard / hand-written ajv',
    subtitle: `${data.date.slice(0, 10)}, ${data.machine.nproc} cores (${data.machine.cpu}), Node ${data.machine.node}, build ${data.machine.build}, median of ${data.repetitions} repetitions`,
    yLabel: 'time ÷ ajv time (log scale, lower is better)',
    groups: curves.map((curve, i) => ({
      label: CURVE_TITLES[curve] ?? curve,
      bars: data.results
        .filter((r) => r.curve === curve)
        .map((r) => ({ label: r.label.replace(/ (fields?|items)$/, ''), value: r.ratio, series: i })),
    })),
    series: curves.map((curve, i) => ({ name: CURVE_TITLES[curve] ?? curve, color: COLORS[i % COLORS.length]! })),
    legend: false,
    lines: [
      { value: 1, label: '1× ajv', dashed: false },
      { value: data.target, label: `${data.target}× target`, dashed: true },
    ],
    format: (v) => `${v.toFixed(2)}×`,
    scale: 'log',
  });
}

/** The parts of `latest.json` (from `npm run bench`) that are drawn. */
interface HttpRun {
  date: string;
  machine: { cpu: string; nproc: number; node: string; build: string };
  config: { rounds: number };
  summaries: readonly { contestant: string; op: string; rpsRatio: number; rpsRatioRange: [number, number] }[];
}

const HTTP_CONTESTANTS = ['switchyard', 'fastify'];

/** req/s as a share of bare node:http, per operation, for Switchyard and Fastify, with the per-round range. */
export function httpChartSvg(run: HttpRun): string {
  const ops = [...new Set(run.summaries.map((s) => s.op))];
  return barChartSvg({
    title: 'Throughput: req/s relative to bare node:http',
    subtitle: `npm run bench, ${run.date.slice(0, 10)}, ${run.machine.nproc} cores (${run.machine.cpu}), build ${run.machine.build}; bar = median of ${run.config.rounds} paired rounds, whisker = min–max`,
    yLabel: 'req/s ÷ node:http req/s (higher is better)',
    groups: ops.map((op) => ({
      label: op,
      bars: HTTP_CONTESTANTS.flatMap((name, series) => {
        const s = run.summaries.find((x) => x.op === op && x.contestant === name);
        return s === undefined ? [] : [{ label: '', value: s.rpsRatio, series, range: s.rpsRatioRange }];
      }),
    })),
    series: HTTP_CONTESTANTS.map((name, i) => ({ name, color: COLORS[i]! })),
    legend: true,
    lines: [{ value: 1, label: '1× node:http', dashed: false }],
    format: (v) => `${v.toFixed(3)}×`,
    scale: 'linear',
  });
}

/** Writes `text` to `bench/results/<name>` and returns the path. */
function writeResultText(name: string, text: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(RESULTS_DIR + name, text);
  return RESULTS_DIR + name;
}

export function writeCostChart(data: CostCurves): string {
  return writeResultText('cost-curves.svg', costChartSvg(data));
}

/** Draws `http-ratios.svg` when `latest.json` exists; returns its path, or undefined. */
export function writeHttpChart(): string | undefined {
  const source = RESULTS_DIR + 'latest.json';
  if (!existsSync(source)) return undefined;
  return writeResultText('http-ratios.svg', httpChartSvg(JSON.parse(readFileSync(source, 'utf8')) as HttpRun));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const costs = RESULTS_DIR + 'cost-curves.json';
  if (existsSync(costs)) console.log(`wrote ${writeCostChart(JSON.parse(readFileSync(costs, 'utf8')) as CostCurves)}`);
  else console.log(`no ${costs}: run npm run bench:curves`);
  console.log(
    writeHttpChart() === undefined ? 'no latest.json: run npm run bench for the HTTP chart' : `wrote ${RESULTS_DIR}http-ratios.svg`,
  );
}
