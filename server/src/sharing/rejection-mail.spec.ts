import { rejectionMailTarget, rejectionMailJobId, type MailCandidate } from './rejection-mail';

const folder = (id: string, prettyId: string) => ({ id, prettyId, names: [], isSupplier: false });
/** A supplier's delivery: in its work folder (lvrr02) and at an approval step. */
const delivery = {
  linkedCategories: [folder('f-step', 'appstp2-marketing'), folder('f-work', 'lvrr02-marketing')],
};
const supplier = (over: Partial<MailCandidate> = {}): MailCandidate => ({
  email: 'foto.studio@paddock.example',
  roles: ['supplier'],
  preferences: { rejectionMail: true },
  ...over,
});

describe('rejectionMailTarget: who is told of a rejection by e-mail (issue 23)', () => {
  it('mails a supplier who chose it, about the work folder it delivered to, in Italian by default', () => {
    expect(rejectionMailTarget(delivery, supplier())).toEqual({
      to: 'foto.studio@paddock.example',
      language: 'it',
      workFolderId: 'f-work',
    });
  });

  it("writes in the supplier's profile language", () => {
    const target = rejectionMailTarget(
      delivery,
      supplier({ preferences: { rejectionMail: true, language: 'fr' } }),
    );
    expect(target?.language).toBe('fr');
  });

  it.each([
    ['did not choose it', supplier({ preferences: {} })],
    ['turned it off', supplier({ preferences: { rejectionMail: false } })],
    ['has no address', supplier({ email: '  ' })],
    ['is not a supplier', supplier({ roles: ['user'] })],
    ['is unknown to the hub', null],
  ])('mails no one when the uploader %s', (_why, uploader) => {
    expect(rejectionMailTarget(delivery, uploader)).toBeNull();
  });

  it("mails no one for a content that is not a supplier's delivery", () => {
    const own = { linkedCategories: [folder('f-step', 'appstp2-marketing')] };
    expect(rejectionMailTarget(own, supplier())).toBeNull();
  });

  it('names one mail job per reject job and content', () => {
    expect(rejectionMailJobId('job-1', 'c-1')).toBe(rejectionMailJobId('job-1', 'c-1'));
    expect(rejectionMailJobId('job-1', 'c-1')).not.toBe(rejectionMailJobId('job-2', 'c-1'));
  });
});
