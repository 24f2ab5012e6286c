import { parseXml, type XmlElement } from './xml-stream.ts';

/** WordprocessingML, in its transitional and strict namespaces. */
export const W_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
export const MC_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

export interface Relationship {
  type: string;
  target: string;
}

/** A `.rels` part: each relationship's type (its last path segment, e.g. 'officeDocument') and target. */
export async function parseRelationships(xml: string): Promise<Relationship[]> {
  const found: Relationship[] = [];
  await parseXml(xml, {
    open(element: XmlElement) {
      if (element.local !== 'Relationship' || element.attr('TargetMode') === 'External') return;
      const type = element.attr('Type')?.split('/').pop() ?? '';
      const target = element.attr('Target');
      if (target) found.push({ type, target });
    },
    close() {},
    text() {},
  });
  return found;
}

/** A relationship's target as a name in the zip, relative to the folder of the part that names it. */
export function resolvePart(fromPart: string, target: string): string {
  const parts = target.startsWith('/') ? [] : fromPart.split('/').slice(0, -1);
  for (const segment of target.replace(/^\/+/, '').split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** The part a relationships file belongs to: word/_rels/document.xml.rels for word/document.xml. */
export function relationshipsPartOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

export interface ParagraphStyle {
  name: string;
  basedOn?: string;
  numId?: string;
  ilvl?: number;
  outlineLevel?: number;
}

/** styles.xml: each paragraph style's name, parent, numbering and outline level (what makes a heading). */
export async function parseStyles(xml: string): Promise<Map<string, ParagraphStyle>> {
  const styles = new Map<string, ParagraphStyle>();
  let current: ParagraphStyle | null = null;
  await parseXml(xml, {
    open(element) {
      if (!W_NAMESPACES.has(element.uri)) return;
      const value = () => element.attr('val');
      if (element.local === 'style') {
        const id = element.attr('styleId');
        current = id ? { name: id } : null;
        if (id && current) styles.set(id, current);
      } else if (current) {
        if (element.local === 'name') current.name = value() ?? current.name;
        else if (element.local === 'basedOn') current.basedOn = value();
        else if (element.local === 'numId') current.numId = value();
        else if (element.local === 'ilvl') current.ilvl = Number(value());
        else if (element.local === 'outlineLvl') current.outlineLevel = Number(value());
      }
    },
    close(uri, local) {
      if (local === 'style' && W_NAMESPACES.has(uri)) current = null;
    },
    text() {},
  });
  return styles;
}

/** numbering.xml: for each list (numId), whether each level (ilvl) is numbered or bulleted. */
export async function parseNumbering(xml: string): Promise<Map<string, Map<number, boolean>>> {
  const abstract = new Map<string, Map<number, boolean>>();
  const lists = new Map<string, string>();
  let abstractId: string | null = null;
  let level: number | null = null;
  let numId: string | null = null;
  await parseXml(xml, {
    open(element) {
      if (!W_NAMESPACES.has(element.uri)) return;
      switch (element.local) {
        case 'abstractNum':
          abstractId = element.attr('abstractNumId') ?? null;
          if (abstractId !== null) abstract.set(abstractId, new Map());
          break;
        case 'lvl':
          level = Number(element.attr('ilvl') ?? 0);
          break;
        case 'numFmt':
          if (abstractId !== null && level !== null) {
            const format = element.attr('val') ?? 'decimal';
            abstract.get(abstractId)?.set(level, format !== 'bullet' && format !== 'none');
          }
          break;
        case 'num':
          numId = element.attr('numId') ?? null;
          break;
        case 'abstractNumId':
          if (numId !== null) lists.set(numId, element.attr('val') ?? '');
          break;
      }
    },
    close(uri, local) {
      if (!W_NAMESPACES.has(uri)) return;
      if (local === 'abstractNum') abstractId = null;
      else if (local === 'lvl') level = null;
      else if (local === 'num') numId = null;
    },
    text() {},
  });
  const result = new Map<string, Map<number, boolean>>();
  for (const [id, abstractNumId] of lists) result.set(id, abstract.get(abstractNumId) ?? new Map());
  return result;
}
