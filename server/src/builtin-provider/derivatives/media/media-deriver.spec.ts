import { familyOf } from './media-deriver';

describe('familyOf: which pipeline makes a content’s derivatives', () => {
  it('follows the content type for photos, films and sound', () => {
    expect(familyOf({ contentType: 'IMAGE', extension: 'jpg' })).toBe('image');
    expect(familyOf({ contentType: 'VIDEO', extension: 'mov' })).toBe('video');
    expect(familyOf({ contentType: 'AUDIO', extension: 'wav' })).toBe('audio');
  });

  it('renders PDFs and PDF-compatible Illustrator files; placeholders for what no tool previews', () => {
    expect(familyOf({ contentType: 'DOCUMENT', extension: 'PDF' })).toBe('pdf');
    expect(familyOf({ contentType: 'DOCUMENT', extension: 'ai' })).toBe('illustrator');
    // Browsers label PSDs image/*: still no decoder for them here.
    expect(familyOf({ contentType: 'IMAGE', extension: 'psd' })).toBe('placeholder');
    for (const extension of ['eps', 'docx', 'pptx', 'zip', 'txt'])
      expect(familyOf({ contentType: 'DOCUMENT', extension })).toBe('placeholder');
  });
});
