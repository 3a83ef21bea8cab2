import { familyOf } from './media-deriver';

describe('familyOf: which pipeline makes a content’s derivatives', () => {
  it('follows the content type for photos, films and sound', () => {
    expect(familyOf({ contentType: 'IMAGE', extension: 'jpg' })).toBe('image');
    expect(familyOf({ contentType: 'VIDEO', extension: 'mov' })).toBe('video');
    expect(familyOf({ contentType: 'AUDIO', extension: 'wav' })).toBe('audio');
  });

  it('sends PDFs, Photoshop, PostScript, Illustrator and office files to their converters', () => {
    expect(familyOf({ contentType: 'DOCUMENT', extension: 'PDF' })).toBe('pdf');
    // Browsers label PSDs image/*: sharp cannot read them, ImageMagick can.
    expect(familyOf({ contentType: 'IMAGE', extension: 'psd' })).toBe('photoshop');
    expect(familyOf({ contentType: 'DOCUMENT', extension: 'eps' })).toBe('postscript');
    expect(familyOf({ contentType: 'DOCUMENT', extension: 'ai' })).toBe('illustrator');
    for (const extension of ['docx', 'pptx', 'xlsx', 'doc', 'ppt', 'odt', 'odp'])
      expect(familyOf({ contentType: 'DOCUMENT', extension })).toBe('office');
  });

  it('gives a typed placeholder to what no tool previews', () => {
    for (const extension of ['zip', 'txt', ''])
      expect(familyOf({ contentType: 'DOCUMENT', extension })).toBe('placeholder');
  });
});
