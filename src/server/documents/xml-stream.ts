import { type SaxesAttributeNS, SaxesParser } from 'saxes';

/** An element as the handlers see it: its namespace, its local name and its attributes by local name. */
export interface XmlElement {
  uri: string;
  local: string;
  attr(local: string): string | undefined;
}

export interface XmlHandler {
  open(element: XmlElement): void;
  close(uri: string, local: string): void;
  text(text: string): void;
}

/** The XML is not well-formed (or uses entities a document has no business defining). */
export class XmlFormatError extends Error {}

/**
 * Streams an XML part through a SAX parser, so a part of many megabytes never becomes a tree in memory.
 * saxes expands only the five predefined entities and never reads a DTD, so entity expansion bombs
 * ("billion laughs") and external entities fail as not well-formed instead of growing.
 */
export async function parseXml(source: AsyncIterable<Buffer> | string, handler: XmlHandler): Promise<void> {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let failure: Error | null = null;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, SaxesAttributeNS>;
    handler.open({
      uri: tag.uri ?? '',
      local: tag.local ?? tag.name,
      attr: (local) => {
        for (const name in attributes) {
          const attribute = attributes[name];
          if (attribute?.local === local) return attribute.value;
        }
        return undefined;
      },
    });
  });
  parser.on('closetag', (tag) => handler.close(tag.uri ?? '', tag.local ?? tag.name));
  parser.on('text', (text) => handler.text(text));
  parser.on('cdata', (text) => handler.text(text));

  const check = () => {
    if (failure) throw new XmlFormatError(failure.message, { cause: failure });
  };
  if (typeof source === 'string') {
    parser.write(source);
  } else {
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of source) {
      parser.write(decoder.decode(chunk, { stream: true }));
      check();
    }
    parser.write(decoder.decode());
  }
  parser.close();
  check();
}
