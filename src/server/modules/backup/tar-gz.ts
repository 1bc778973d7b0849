// A minimal ustar writer and reader over gzip (Node's zlib). No tar library is installed (only
// `tar-mini`, pulled in by a build plugin), so the archive format is kept here: regular files
// only, names up to 255 bytes (prefix + name), sizes up to 8 GiB (11 octal digits).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough, Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

const block = 512;

function writeString(header: Buffer, value: string, offset: number, length: number) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`Tar field too long: ${value}`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  writeString(header, value.toString(8).padStart(length - 1, '0'), offset, length - 1);
}

/** Splits a member name into ustar's prefix (155) and name (100) at a slash. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`Tar member name too long: ${name}`);
}

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(block);
  const [prefix, short] = splitName(name);
  writeString(header, short, 0, 100);
  writeOctal(header, 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.fill(' ', 148, 156); // the checksum counts its own field as spaces
  header[156] = '0'.charCodeAt(0);
  writeString(header, 'ustar', 257, 6);
  writeString(header, '00', 263, 2);
  writeString(header, prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, `${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

export type TarMember = { name: string; file: string };

/** Writes `members` (each read from its file on disk) as one .tar.gz at `target`. */
export async function writeTarGz(target: string, members: TarMember[]): Promise<void> {
  const tar = new PassThrough();
  const done = pipeline(tar, createGzip(), createWriteStream(target));
  try {
    for (const member of members) {
      const info = await stat(member.file);
      if (!tar.write(tarHeader(member.name, info.size, info.mtime))) await drained(tar);
      for await (const chunk of createReadStream(member.file)) {
        if (!tar.write(chunk as Buffer)) await drained(tar);
      }
      const padding = (block - (info.size % block)) % block;
      if (padding) tar.write(Buffer.alloc(padding));
    }
    tar.end(Buffer.alloc(block * 2));
  } catch (error) {
    tar.destroy(error as Error);
  }
  await done;
}

function drained(stream: PassThrough) {
  return new Promise<void>((resolve) => stream.once('drain', resolve));
}

function readString(header: Buffer, offset: number, length: number) {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(header: Buffer, offset: number, length: number) {
  const text = readString(header, offset, length).trim();
  return text ? parseInt(text, 8) : 0;
}

/** A member name safe to place under a folder: relative, no `..`, no empty parts. */
export function isSafeMemberName(name: string) {
  return (
    name.length > 0 &&
    !name.startsWith('/') &&
    !name.includes('\\') &&
    !name.split('/').some((part) => part === '' || part === '.' || part === '..')
  );
}

/**
 * Unpacks a .tar.gz into `folder`: regular files only, every name checked before it is
 * written. Answers the member names in archive order.
 */
export async function extractTarGz(source: Readable, folder: string): Promise<string[]> {
  const names: string[] = [];
  let pending = Buffer.alloc(0);
  let current: { name: string; remaining: number; padding: number; out: Writable | null } | null =
    null;
  let ended = false;

  async function openMember(name: string, size: number) {
    if (!isSafeMemberName(name)) throw new Error(`Unsafe name in the backup: ${name}`);
    const file = path.join(folder, name);
    await mkdir(path.dirname(file), { recursive: true });
    names.push(name);
    const out = createWriteStream(file);
    current = { name, remaining: size, padding: (block - (size % block)) % block, out };
    if (size === 0) await closeCurrent();
  }

  async function closeCurrent() {
    const out = current?.out;
    if (out)
      await new Promise<void>((resolve, reject) => out.end(() => resolve()).on('error', reject));
    if (current) current.out = null;
  }

  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending = Buffer.concat([pending, chunk]);
      consume().then(() => callback(), callback);
    },
  });

  async function consume() {
    for (;;) {
      if (ended) return;
      if (current && current.remaining > 0) {
        if (pending.length === 0) return;
        const take = Math.min(current.remaining, pending.length);
        const piece = pending.subarray(0, take);
        pending = pending.subarray(take);
        current.remaining -= take;
        const out = current.out!;
        if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', resolve));
        if (current.remaining === 0) await closeCurrent();
        continue;
      }
      if (current && current.padding > 0) {
        if (pending.length < current.padding) return;
        pending = pending.subarray(current.padding);
        current.padding = 0;
      }
      current = null;
      if (pending.length < block) return;
      const header = pending.subarray(0, block);
      pending = pending.subarray(block);
      if (header.every((byte) => byte === 0)) {
        ended = true;
        return;
      }
      const type = String.fromCharCode(header[156] ?? 0);
      const prefix = readString(header, 345, 155);
      const short = readString(header, 0, 100);
      const name = prefix ? `${prefix}/${short}` : short;
      const size = readOctal(header, 124, 12);
      if (type !== '0' && type !== '\0') throw new Error(`Unexpected entry in the backup: ${name}`);
      await openMember(name, size);
    }
  }

  await pipeline(source, createGunzip(), sink);
  if (current || !ended) throw new Error('The backup file is cut short');
  return names;
}

/** Unpacks a .tar.gz file on disk. */
export function extractTarGzFile(file: string, folder: string) {
  return extractTarGz(createReadStream(file), folder);
}
