import { Injectable } from '@nestjs/common';
import {
  COPYRIGHT_COUNTRIES,
  COPYRIGHT_TAGS,
  COPYRIGHT_STATES,
  ENRICHMENT_CLASSIFICATIONS,
  LIMITS,
  METADATA_TYPES,
  plateKey,
  vinKey,
  type MetadataType,
} from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../builtin-provider/builtin-provider-prisma.service';
import type { StoredOption } from '../builtin-provider/tagging/metadata-definition.repository';

type Labels = { IT: string; EN: string; FR: string };
type Option = { value: string; labels: Labels };

interface DemoDefinition {
  key: string;
  labels: Labels;
  type: MetadataType;
  mandatory?: boolean;
  options?: Option[];
}

/** Labels in IT, EN and FR; one left out repeats the one before it. */
const labels = (IT: string, EN = IT, FR = EN): Labels => ({ IT, EN, FR });

const STATE_LABELS: Record<(typeof COPYRIGHT_STATES)[number], Labels> = {
  presente: labels('Presente', 'Present', 'Présent'),
  assente: labels('Assente', 'Absent'),
  non_necessario: labels('Non necessario', 'Not needed', 'Pas nécessaire'),
};
const COUNTRY_LABELS: Record<(typeof COPYRIGHT_COUNTRIES)[number], Labels> = {
  'united-states': labels('Stati Uniti', 'United States', 'États-Unis'),
  worldwide: labels('Mondo', 'Worldwide', 'Monde entier'),
};

/** One definition a row: key, type, labels, then what only some have. */
type DefinitionRow = [key: string, type: MetadataType, labels: Labels, more?: Partial<DemoDefinition>];

const definitions = (rows: DefinitionRow[]): DemoDefinition[] =>
  rows.map(([key, type, labels, more]) => ({ key, type, labels, ...more }));
const options = (rows: [value: string, labels: Labels][]): Option[] =>
  rows.map(([value, labels]) => ({ value, labels }));

/** The four copyright keys of one kind (landscape, people), each label ending with the kind's name. */
function copyrightDefinitions(kind: 'landscape' | 'people', name: Labels): DemoDefinition[] {
  const label = (it: string, en: string, fr: string) =>
    labels(`${it} ${name.IT}`, `${en} ${name.EN}`, `${fr} ${name.FR}`);
  return definitions([
    [
      `${kind}-state`,
      'singleEnum',
      label('Copyright', 'Copyright', 'Copyright'),
      { options: COPYRIGHT_STATES.map((value) => ({ value, labels: STATE_LABELS[value] })) },
    ],
    [
      `${kind}-country`,
      'singleEnum',
      label('Paese', 'Country', 'Pays'),
      { options: COPYRIGHT_COUNTRIES.map((value) => ({ value, labels: COUNTRY_LABELS[value] })) },
    ],
    [`${kind}-perpetual`, 'boolean', label('Perpetuo', 'Perpetual', 'Perpétuel')],
    [`${kind}-todate`, 'instant', label('Valido fino al', 'Valid until', "Valable jusqu'au")],
  ]);
}

/**
 * The metadata definitions of the demo organisation (SPEC §3 keys): what the wizard's steps 2 and
 * 3 offer, with the mandatory constraints a car maker's archive sets (usage and author).
 */
export const DEMO_METADATA_DEFINITIONS: readonly DemoDefinition[] = [
  ...definitions([
    [
      'utilizzo',
      'singleEnum',
      labels('Utilizzo', 'Usage', 'Utilisation'),
      {
        mandatory: true,
        options: options([
          ['interno', labels('Interno', 'Internal', 'Interne')],
          ['stampa', labels('Stampa', 'Press', 'Presse')],
          ['social', labels('Social')],
        ]),
      },
    ],
    ['authorinfo', 'string', labels('Autore', 'Author', 'Auteur'), { mandatory: true }],
    ['location', 'string', labels('Luogo', 'Location', 'Lieu')],
    [
      'nationinfo',
      'singleEnum',
      labels('Nazione', 'Nation', 'Pays'),
      {
        options: options([
          ['italy', labels('Italia', 'Italy', 'Italie')],
          ['france', labels('Francia', 'France')],
          ['germany', labels('Germania', 'Germany', 'Allemagne')],
          ['united-states', COUNTRY_LABELS['united-states']],
        ]),
      },
    ],
    ['stateinfo', 'string', labels('Stato (USA)', 'State (US)', 'État (USA)')],
    ['eventdate', 'instant', labels('Data evento', 'Event date', "Date de l'événement")],
    ['embargodate', 'instant', labels('Embargo fino al', 'Embargo until', "Embargo jusqu'au")],
    ['commercialname', 'string', labels('Nome commerciale', 'Commercial name', 'Nom commercial')],
    ['modeltypename', 'string', labels('Modello', 'Model type', 'Type de modèle')],
    ['modelyear', 'string', labels('Anno modello', 'Model year', 'Année modèle')],
    ['bodycolor', 'string', labels('Colore carrozzeria', 'Body colour', 'Couleur carrosserie')],
    [
      'typology',
      'multiEnum',
      labels('Tipologia', 'Typology', 'Typologie'),
      {
        options: options([
          ['esterni', labels('Esterni', 'Exterior', 'Extérieur')],
          ['interni', labels('Interni', 'Interior', 'Intérieur')],
          ['dettagli', labels('Dettagli', 'Details', 'Détails')],
          ['ambientata', labels('Ambientata', 'Lifestyle', 'Mise en situation')],
        ]),
      },
    ],
    ['notes-copyright', 'string', labels('Note copyright', 'Copyright notes', 'Notes copyright')],
    ['opportunity-lead', 'boolean', labels('Opportunità', 'Opportunity lead', 'Opportunité')],
  ]),
  ...Array.from({ length: LIMITS.vinPlatePairsMax }, (_, i) =>
    definitions([
      [vinKey(i + 1), 'string', labels(`VIN ${i + 1}`)],
      [plateKey(i + 1), 'string', labels(`Targa ${i + 1}`, `Plate ${i + 1}`, `Plaque ${i + 1}`)],
    ]),
  ).flat(),
  ...copyrightDefinitions('landscape', labels('paesaggio', 'landscape', 'paysage')),
  ...copyrightDefinitions('people', labels('persone', 'people', 'personnes')),
];

const { copyright, products, tags } = ENRICHMENT_CLASSIFICATIONS;

/**
 * Tags of the demo (SPEC §3 fixed copyright tags, product tags of a few car models, free tags, and
 * sub-tags of two of them: the views of a car's exterior and interior). A parent comes before its
 * sub-tags, which name it by prettyId.
 */
export const DEMO_ENRICHMENT_TAGS: readonly {
  prettyId: string;
  classificationId: string;
  labels: Labels;
  parent?: string;
}[] = [
  ...(
    [
      [COPYRIGHT_TAGS.copyright, copyright, labels('Copyright')],
      [COPYRIGHT_TAGS.people, copyright, labels('Persone', 'People', 'Personnes')],
      [COPYRIGHT_TAGS.landscape, copyright, labels('Paesaggio', 'Landscape', 'Paysage')],
      ['prd-spider', products, labels('Spider')],
      ['prd-berlina', products, labels('Berlina', 'Saloon', 'Berline')],
      ['prd-suv', products, labels('SUV Compatto')],
      ['prd-city-ev', products, labels('City EV', 'City EV', 'Citadine EV')],
      ['tag-exterior', tags, labels('Esterni', 'Exterior', 'Extérieur')],
      ['tag-interior', tags, labels('Interni', 'Interior', 'Intérieur')],
      ['tag-event', tags, labels('Evento', 'Event', 'Événement')],
    ] as const
  ).map(([prettyId, classificationId, labels]) => ({ prettyId, classificationId, labels })),
  ...(
    [
      ['tag-exterior-front', 'tag-exterior', labels('Frontale', 'Front', 'Avant')],
      ['tag-exterior-side', 'tag-exterior', labels('Fiancata', 'Side', 'Profil')],
      ['tag-exterior-rear', 'tag-exterior', labels('Posteriore', 'Rear', 'Arrière')],
      ['tag-interior-dashboard', 'tag-interior', labels('Plancia', 'Dashboard', 'Planche de bord')],
      ['tag-interior-seats', 'tag-interior', labels('Sedili', 'Seats', 'Sièges')],
    ] as const
  ).map(([prettyId, parent, labels]) => ({ prettyId, classificationId: tags, labels, parent })),
];

const namesOf = (labels: Labels) =>
  Object.entries(labels).map(([lang, label]) => ({ lang, label, description: '' }));

/** The enrichment part of the demo: metadata definitions and tags. Idempotent (upserts by key / prettyId). */
@Injectable()
export class DemoEnrichmentSeeder {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async run(): Promise<{ definitions: number; tags: number }> {
    const classificationId = ENRICHMENT_CLASSIFICATIONS.metadata;
    for (const d of DEMO_METADATA_DEFINITIONS) {
      const options: StoredOption[] = (d.options ?? []).map((o) => ({
        value: o.value,
        names: Object.entries(o.labels).map(([lang, label]) => ({ lang, label })),
      }));
      const data = {
        names: namesOf(d.labels),
        metadataType: METADATA_TYPES[d.type],
        mandatory: d.mandatory ?? false,
        options,
      };
      await this.prisma.metadataDefinition.upsert({
        where: { classificationId_key: { classificationId, key: d.key } },
        create: { classificationId, key: d.key, ...data },
        update: data,
      });
    }
    const idOf = new Map<string, string>();
    for (const t of DEMO_ENRICHMENT_TAGS) {
      const data = {
        classificationId: t.classificationId,
        names: namesOf(t.labels),
        searchText: Object.values(t.labels).join(' ').toLowerCase(),
        parentId: t.parent ? idOf.get(t.parent) : null,
      };
      const { id } = await this.prisma.tagDefinition.upsert({
        where: { prettyId: t.prettyId },
        create: { prettyId: t.prettyId, ...data },
        update: data,
        select: { id: true },
      });
      idOf.set(t.prettyId, id);
    }
    return { definitions: DEMO_METADATA_DEFINITIONS.length, tags: DEMO_ENRICHMENT_TAGS.length };
  }
}
