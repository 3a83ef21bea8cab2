import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Small but real PSD, EPS, DOCX and PPTX files for the demo, written without outside tools (the
 * seed must not need ImageMagick or LibreOffice; the worker previews them with those).
 */

/** A PSD file header: signature, version 1, 3 channels, height, width, 8 bits, RGB. */
export function psdHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(26);
  header.write('8BPS', 0, 'latin1');
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(3, 12);
  header.writeUInt32BE(height, 14);
  header.writeUInt32BE(width, 18);
  header.writeUInt16BE(8, 22);
  header.writeUInt16BE(3, 24);
  return header;
}

/** A flat 8-bit RGB Photoshop file: header, empty sections, raw planar image data. */
export async function demoPsd(width: number, height: number, from: string, to: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const header = psdHeader(width, height);
  // Colour mode data, image resources, layer and mask information: all empty. Compression 0: raw.
  const sections = Buffer.alloc(14);
  const planar = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1)
    for (let c = 0; c < 3; c += 1) planar[c * width * height + i] = pixels[i * 3 + c];
  return Buffer.concat([header, sections, planar]);
}

function postscriptText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
}

/** An EPS of a coloured band with a title, 400x200 pt. */
export function demoEps(title: string): Buffer {
  return Buffer.from(
    [
      '%!PS-Adobe-3.0 EPSF-3.0',
      '%%BoundingBox: 0 0 400 200',
      '%%EndComments',
      '0.72 0.36 0.11 setrgbcolor 0 0 400 200 rectfill',
      '1 1 1 setrgbcolor 0 120 400 40 rectfill',
      `0 0 0 setrgbcolor /Helvetica findfont 24 scalefont setfont 20 130 moveto (${postscriptText(title)}) show`,
      'showpage',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

/** A ZIP with its entries stored (no compression): all an OOXML package needs. */
function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const OOXML = 'application/vnd.openxmlformats-officedocument';

function xmlText(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An OOXML package: `parts` by name, `types` the content type of each XML part but the relations. */
function packageOf(main: string, types: Record<string, string>, parts: Record<string, string>): Buffer {
  const overrides = Object.entries(types)
    .map(([name, type]) => `<Override PartName="/${name}" ContentType="${type}"/>`)
    .join('');
  return storedZip({
    '[Content_Types].xml':
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `${overrides}</Types>`,
    '_rels/.rels':
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="${main}"/></Relationships>`,
    ...parts,
  });
}

/** A Word document: a title and paragraphs. */
export function demoDocx(title: string, lines: readonly string[]): Buffer {
  const paragraph = (text: string, size: number) =>
    `<w:p><w:r><w:rPr><w:sz w:val="${size}"/></w:rPr><w:t>${xmlText(text)}</w:t></w:r></w:p>`;
  const types = { 'word/document.xml': `${OOXML}.wordprocessingml.document.main+xml` };
  return packageOf('word/document.xml', types, {
    'word/document.xml':
      `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
      paragraph(title, 48) +
      lines.map((line) => paragraph(line, 24)).join('') +
      '</w:body></w:document>',
  });
}

/** A PowerPoint deck of one 16:9 slide: a red band with the title in white. */
export function demoPptx(title: string): Buffer {
  const ns =
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    `xmlns:r="${RELS}" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"`;
  const types = {
    'ppt/presentation.xml': `${OOXML}.presentationml.presentation.main+xml`,
    'ppt/slides/slide1.xml': `${OOXML}.presentationml.slide+xml`,
  };
  return packageOf('ppt/presentation.xml', types, {
    'ppt/presentation.xml':
      `${XML}<p:presentation ${ns}><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst>` +
      '<p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>',
    'ppt/_rels/presentation.xml.rels':
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId2" Type="${RELS}/slide" Target="slides/slide1.xml"/></Relationships>`,
    'ppt/slides/slide1.xml':
      `${XML}<p:sld ${ns}><p:cSld><p:spTree>` +
      '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>' +
      '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>' +
      '<p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="12192000" cy="2000000"/></a:xfrm>' +
      '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="B91C1C"/></a:solidFill></p:spPr>' +
      '<p:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="it-IT" sz="4000"><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill></a:rPr>' +
      `<a:t>${xmlText(title)}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
  });
}
