import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { IsLatin1, IsName } from './latin1.validator';

class Note {
  @IsLatin1()
  note!: string;
}

class Named {
  @IsName()
  name!: string;
}

describe('Latin-1 text at the hub (SPEC §5)', () => {
  it('converts typographic punctuation before checking, as the web does', async () => {
    const note = plainToInstance(Note, { note: 'L’immagine – “troppo” scura…' });
    expect(await validate(note)).toEqual([]);
    expect(note.note).toBe(`L'immagine - "troppo" scura...`);
    const named = plainToInstance(Named, { name: 'Cafe\u0301 d’été' });
    expect(await validate(named)).toEqual([]);
    expect(named.name).toBe("Café d'été");
  });

  it('names the characters that stay refused', async () => {
    const [noteError] = await validate(plainToInstance(Note, { note: 'neve ☃ e ☃ 🚗' }));
    expect(Object.values(noteError.constraints ?? {})).toEqual([
      'note must contain only Latin-1 characters; not allowed: ☃ 🚗',
    ]);
    const [nameError] = await validate(plainToInstance(Named, { name: 'Ł’x' }));
    expect(Object.values(nameError.constraints ?? {})[0]).toMatch(/not allowed: Ł$/);
  });
});
