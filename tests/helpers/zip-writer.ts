import { crc32, deflateRawSync } from 'node:zlib';

/** One entry: its bytes, stored or deflated; or precompressed data with the sizes to write in its headers. */
export type ZipEntry =
  | { name: string; data: Uint8Array | string; method?: 'store' | 'deflate' }
  | {
      name: string;
      /** Raw deflate data, written as it is. */
      deflated: Uint8Array;
      crc: number;
      /** The uncompressed size the headers declare: the truth, or a lie. */
      declaredSize: number;
    };

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/**
 * A zip archive written by hand, so tests can make both honest archives (the .odt fixtures) and hostile
 * ones: headers that lie about sizes, thousands of entries. No zip64: entries stay under 4 GB declared.
 */
export function writeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    let method: number;
    let body: Uint8Array;
    let crc: number;
    let size: number;
    if ('deflated' in entry) {
      method = 8;
      body = entry.deflated;
      crc = entry.crc;
      size = entry.declaredSize;
    } else {
      const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
      method = entry.method === 'store' ? 0 : 8;
      body = method === 8 ? deflateRawSync(data) : data;
      crc = crc32(data);
      size = data.length;
    }
    const common = [
      u16(20),
      u16(0x0800),
      u16(method),
      u16(0),
      u16(0x21),
      u32(crc),
      u32(body.length),
      u32(size),
    ];
    const local = Buffer.concat([u32(0x04034b50), ...common, u16(name.length), u16(0), name]);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        ...common,
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    locals.push(local, Buffer.from(body));
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
}
