import { describe, expect, it } from 'vitest';
import { parseXml, XmlFormatError } from './xml-stream.ts';

const ignore = { open() {}, close() {}, text() {} };

describe('parseXml', () => {
  it('refuses entities a DTD defines (no "billion laughs" expansion)', async () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<lolz>&lol2;</lolz>`;
    await expect(parseXml(laughs, ignore)).rejects.toThrow(XmlFormatError);
  });

  it('refuses external entities', async () => {
    const external = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`;
    await expect(parseXml(external, ignore)).rejects.toThrow(XmlFormatError);
  });

  it('streams chunks split inside a character and reports elements by namespace and local name', async () => {
    const xml = Buffer.from('<w:p xmlns:w="urn:w"><w:t w:space="keep">Zürich 東京</w:t></w:p>');
    const cut = xml.indexOf(Buffer.from('東')) + 1;
    const seen: string[] = [];
    await parseXml(
      (async function* () {
        yield xml.subarray(0, cut);
        yield xml.subarray(cut);
      })(),
      {
        open: (e) => seen.push(`${e.uri} ${e.local} ${e.attr('space') ?? ''}`.trim()),
        close: () => {},
        text: (t) => seen.push(t),
      },
    );
    expect(seen).toEqual(['urn:w p', 'urn:w t keep', 'Zürich 東京']);
  });

  it('says when XML is not well-formed', async () => {
    await expect(parseXml('<a><b></a>', ignore)).rejects.toThrow(XmlFormatError);
  });
});
