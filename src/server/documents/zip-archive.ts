import { type Readable, Transform, type TransformCallback } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export interface ZipLimits {
  zipMaxEntries: number;
  zipMaxEntryBytes: number;
  zipMaxTotalBytes: number;
}

/** A limit the archive passes: too many entries, or more bytes unpacked than allowed. */
export class ZipLimitError extends Error {
  readonly limit: 'entries' | 'unpacked';
  readonly maxBytes: number;

  constructor(limit: 'entries' | 'unpacked', maxBytes = 0) {
    super(limit === 'entries' ? 'too many zip entries' : 'zip entry unpacks too large');
    this.limit = limit;
    this.maxBytes = maxBytes;
  }
}

/** The archive itself cannot be read (not a zip, truncated, a name given twice). */
export class ZipFormatError extends Error {}

/** Counts the bytes that really come out of an entry and stops past `max`, whatever its header said. */
class ByteCap extends Transform {
  private seen = 0;
  private readonly max: number;
  private readonly onBytes: (n: number) => void;

  constructor(max: number, onBytes: (n: number) => void) {
    super();
    this.max = max;
    this.onBytes = onBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    this.onBytes(chunk.length);
    if (this.seen > this.max) done(new ZipLimitError('unpacked', this.max));
    else done(null, chunk);
  }
}

/**
 * A .docx or .odt opened as the hostile input it may be: the entry count is checked before any entry is
 * read, each entry's declared size and the declared total before anything is unpacked, and the bytes
 * that actually come out of an entry are counted as they unpack (yauzl also refuses an entry whose data
 * does not match its header), so a zip bomb with honest or lying headers stops at the limit, never at
 * the end of its data.
 */
export class ZipArchive {
  private readonly zip: ZipFile;
  private readonly entries: Map<string, Entry>;
  private readonly limits: ZipLimits;
  private unpacked = 0;

  private constructor(zip: ZipFile, entries: Map<string, Entry>, limits: ZipLimits) {
    this.zip = zip;
    this.entries = entries;
    this.limits = limits;
  }

  static async open(bytes: Buffer, limits: ZipLimits): Promise<ZipArchive> {
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(bytes, { strictFileNames: false, validateEntrySizes: true });
    } catch (err) {
      throw new ZipFormatError((err as Error).message, { cause: err });
    }
    if (zip.entryCount > limits.zipMaxEntries) {
      zip.close();
      throw new ZipLimitError('entries');
    }
    const entries = new Map<string, Entry>();
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        if (entries.size >= limits.zipMaxEntries) throw new ZipLimitError('entries');
        // Two entries of one name could show a checker one part and a reader another.
        if (entries.has(entry.fileName)) throw new ZipFormatError(`"${entry.fileName}" appears twice`);
        if (entry.uncompressedSize > limits.zipMaxEntryBytes) {
          throw new ZipLimitError('unpacked', limits.zipMaxEntryBytes);
        }
        declared += entry.uncompressedSize;
        if (declared > limits.zipMaxTotalBytes) throw new ZipLimitError('unpacked', limits.zipMaxTotalBytes);
        entries.set(entry.fileName, entry);
      }
    } catch (err) {
      zip.close();
      if (err instanceof ZipLimitError || err instanceof ZipFormatError) throw err;
      throw new ZipFormatError((err as Error).message, { cause: err });
    }
    return new ZipArchive(zip, entries, limits);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes as they unpack, capped per entry and by what is left of the total; null if absent. */
  async stream(name: string): Promise<AsyncIterable<Buffer> | null> {
    const entry = this.entries.get(name);
    if (!entry) return null;
    const left = this.limits.zipMaxTotalBytes - this.unpacked;
    const max = Math.min(this.limits.zipMaxEntryBytes, left);
    let source: Readable;
    try {
      source = await this.zip.openReadStreamPromise(entry);
    } catch (err) {
      throw new ZipFormatError((err as Error).message, { cause: err });
    }
    const cap = new ByteCap(max, (n) => {
      this.unpacked += n;
    });
    source.on('error', (err) => cap.destroy(err));
    source.pipe(cap);
    return cap;
  }

  /** A small entry (relationships, styles, the mimetype) as UTF-8 text; null if absent. */
  async text(name: string): Promise<string | null> {
    const stream = await this.stream(name);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  close() {
    this.zip.close();
  }
}
