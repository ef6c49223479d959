/**
 * A tiny authoritative DNS server on 127.0.0.1 (node:dgram) for the tests of
 * the real resolver path: hand-built answers for A, AAAA and MX questions
 * from a zone given as a plain object, NXDOMAIN for names it does not know,
 * SERVFAIL for the names listed in `fail`, and silence (so the client times
 * out) for the names in `silent`. With `delay`, each answer leaves that many
 * milliseconds after its question, so questions overlap and `mostInFlight`
 * counts how many were ever waiting at once.
 */
import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface ZoneEntry {
  A?: readonly string[];
  AAAA?: readonly string[];
  /** Exchange names; `''` is a null MX (the root). */
  MX?: readonly string[];
}

export interface DnsServerOptions {
  zone: Readonly<Record<string, ZoneEntry>>;
  fail?: readonly string[];
  silent?: readonly string[];
  /** Milliseconds each answer waits before it is sent. Default 0. */
  delay?: number;
}

export interface DnsServer {
  /** `127.0.0.1:port`, for `NodeDnsResolver({ servers: [address] })`. */
  readonly address: string;
  /** Every question asked, as `name TYPE` (lower-case name, no final dot). */
  readonly questions: string[];
  /** The most questions received and not yet answered at any one time (silent names never count as answered). */
  readonly mostInFlight: number;
  close(): Promise<void>;
}

const TYPES: Record<number, keyof ZoneEntry> = { 1: 'A', 28: 'AAAA', 15: 'MX' };

function encodeName(name: string): Buffer {
  const parts = name === '' ? [] : name.split('.');
  return Buffer.concat([
    ...parts.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')])),
    Buffer.from([0]),
  ]);
}

function rdata(type: keyof ZoneEntry, value: string): Buffer {
  if (type === 'A') return Buffer.from(value.split('.').map(Number));
  if (type === 'AAAA') {
    const [head = '', tail = ''] = value.split('::');
    const left = head === '' ? [] : head.split(':');
    const right = tail === '' ? [] : tail.split(':');
    const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
    const out = Buffer.alloc(16);
    for (let i = 0; i < 8; i++) out.writeUInt16BE(Number.parseInt(groups[i]!, 16), i * 2);
    return out;
  }
  const preference = Buffer.alloc(2);
  preference.writeUInt16BE(10);
  return Buffer.concat([preference, encodeName(value)]);
}

/** The question's name (lower case, no final dot), its type and where the question section ends. */
function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (msg[at]! !== 0) {
    const length = msg[at]!;
    labels.push(msg.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

function answer(query: Buffer, options: DnsServerOptions, name: string, type: number, end: number): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  const entry = options.zone[name];
  const rcode = options.fail?.includes(name) ? 2 : entry === undefined ? 3 : 0;
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | rcode, 2); // response, authoritative, RD copied
  header.writeUInt16BE(1, 4);
  const kind = TYPES[type];
  const values = rcode === 0 && kind !== undefined ? (entry?.[kind] ?? []) : [];
  header.writeUInt16BE(values.length, 6);
  const records = values.map((value) => {
    const data = rdata(kind!, value);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the question's name
    fixed.writeUInt16BE(type, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...records]);
}

export function startDnsServer(options: DnsServerOptions): Promise<DnsServer> {
  const socket = createSocket('udp4');
  const questions: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let closed = false;
  socket.on('message', (msg: Buffer, from: RemoteInfo) => {
    const { name, type, end } = readQuestion(msg);
    questions.push(`${name} ${TYPES[type] ?? type}`);
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    if (options.silent?.includes(name)) return;
    const send = () => {
      inFlight--;
      if (!closed) socket.send(answer(msg, options, name, type, end), from.port, from.address);
    };
    if (options.delay === undefined) send();
    else setTimeout(send, options.delay);
  });
  return new Promise((resolve) => {
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address() as AddressInfo;
      resolve({
        address: `127.0.0.1:${port}`,
        questions,
        get mostInFlight() {
          return mostInFlight;
        },
        close: () => {
          closed = true;
          return new Promise<void>((done) => socket.close(() => done()));
        },
      });
    });
  });
}
