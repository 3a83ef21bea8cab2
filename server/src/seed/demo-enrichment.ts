import { Injectable } from '@nestjs/common';
import {
  COPYRIGHT_COUNTRIES,
  COPYRIGHT_STATES,
  ENRICHMENT_CLASSIFICATIONS,
  LIMITS,
  METADATA_TYPES,
  plateKey,
  vinKey,
  type MetadataType,
} from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../builtin-provider/builtin-provider-prisma.service';
import type { StoredOption } from '../builtin-provider/tagging/metadata-definition';

type Labels = { IT: string; EN: string; FR: string };
type Option = { value: string; labels: Labels };

interface DemoDefinition {
  key: string;
  labels: Labels;
  type: MetadataType;
  mandatory?: boolean;
  options?: Option[];
}

const same = (label: string): Labels => ({ IT: label, EN: label, FR: label });

const STATE_LABELS: Record<(typeof COPYRIGHT_STATES)[number], Labels> = {
  presente: { IT: 'Presente', EN: 'Present', FR: 'Présent' },
  assente: { IT: 'Assente', EN: 'Absent', FR: 'Absent' },
  non_necessario: { IT: 'Non necessario', EN: 'Not needed', FR: 'Pas nécessaire' },
};
const COUNTRY_LABELS: Record<(typeof COPYRIGHT_COUNTRIES)[number], Labels> = {
  'united-states': { IT: 'Stati Uniti', EN: 'United States', FR: 'États-Unis' },
  worldwide: { IT: 'Mondo', EN: 'Worldwide', FR: 'Monde entier' },
};

/**
 * The metadata definitions of the demo organisation (SPEC §3 keys): what the wizard's steps 2 and
 * 3 offer, with the mandatory constraints a car maker's archive sets (usage and author).
 */
export const DEMO_METADATA_DEFINITIONS: readonly DemoDefinition[] = [
  {
    key: 'utilizzo',
    labels: { IT: 'Utilizzo', EN: 'Usage', FR: 'Utilisation' },
    type: 'singleEnum',
    mandatory: true,
    options: [
      { value: 'interno', labels: { IT: 'Interno', EN: 'Internal', FR: 'Interne' } },
      { value: 'stampa', labels: { IT: 'Stampa', EN: 'Press', FR: 'Presse' } },
      { value: 'social', labels: same('Social') },
    ],
  },
  {
    key: 'authorinfo',
    labels: { IT: 'Autore', EN: 'Author', FR: 'Auteur' },
    type: 'string',
    mandatory: true,
  },
  { key: 'location', labels: { IT: 'Località', EN: 'Location', FR: 'Lieu' }, type: 'string' },
  {
    key: 'nationinfo',
    labels: { IT: 'Nazione', EN: 'Nation', FR: 'Pays' },
    type: 'singleEnum',
    options: [
      { value: 'italy', labels: { IT: 'Italia', EN: 'Italy', FR: 'Italie' } },
      { value: 'france', labels: { IT: 'Francia', EN: 'France', FR: 'France' } },
      { value: 'germany', labels: { IT: 'Germania', EN: 'Germany', FR: 'Allemagne' } },
      { value: 'united-states', labels: COUNTRY_LABELS['united-states'] },
    ],
  },
  { key: 'stateinfo', labels: { IT: 'Stato (USA)', EN: 'State (US)', FR: 'État (USA)' }, type: 'string' },
  {
    key: 'eventdate',
    labels: { IT: 'Data evento', EN: 'Event date', FR: "Date de l'événement" },
    type: 'instant',
  },
  {
    key: 'embargodate',
    labels: { IT: 'Embargo fino al', EN: 'Embargo until', FR: "Embargo jusqu'au" },
    type: 'instant',
  },
  {
    key: 'commercialname',
    labels: { IT: 'Nome commerciale', EN: 'Commercial name', FR: 'Nom commercial' },
    type: 'string',
  },
  { key: 'modeltypename', labels: { IT: 'Modello', EN: 'Model type', FR: 'Type de modèle' }, type: 'string' },
  { key: 'modelyear', labels: { IT: 'Anno modello', EN: 'Model year', FR: 'Année modèle' }, type: 'string' },
  {
    key: 'bodycolor',
    labels: { IT: 'Colore carrozzeria', EN: 'Body colour', FR: 'Couleur carrosserie' },
    type: 'string',
  },
  {
    key: 'typology',
    labels: { IT: 'Tipologia', EN: 'Typology', FR: 'Typologie' },
    type: 'multiEnum',
    options: [
      { value: 'esterni', labels: { IT: 'Esterni', EN: 'Exterior', FR: 'Extérieur' } },
      { value: 'interni', labels: { IT: 'Interni', EN: 'Interior', FR: 'Intérieur' } },
      { value: 'dettagli', labels: { IT: 'Dettagli', EN: 'Details', FR: 'Détails' } },
      { value: 'ambientata', labels: { IT: 'Ambientata', EN: 'Lifestyle', FR: 'Mise en situation' } },
    ],
  },
  {
    key: 'notes-copyright',
    labels: { IT: 'Note copyright', EN: 'Copyright notes', FR: 'Notes copyright' },
    type: 'string',
  },
  {
    key: 'opportunity-lead',
    labels: { IT: 'Opportunità', EN: 'Opportunity lead', FR: 'Opportunité' },
    type: 'boolean',
  },
  ...Array.from({ length: LIMITS.vinPlatePairsMax }, (_, i) => [
    { key: vinKey(i + 1), labels: same(`VIN ${i + 1}`), type: 'string' as const },
    {
      key: plateKey(i + 1),
      labels: { IT: `Targa ${i + 1}`, EN: `Plate ${i + 1}`, FR: `Plaque ${i + 1}` },
      type: 'string' as const,
    },
  ]).flat(),
  ...(['landscape', 'people'] as const).flatMap((kind) => {
    const name =
      kind === 'landscape'
        ? { IT: 'paesaggio', EN: 'landscape', FR: 'paysage' }
        : { IT: 'persone', EN: 'people', FR: 'personnes' };
    const label = (it: string, en: string, fr: string): Labels => ({
      IT: `${it} ${name.IT}`,
      EN: `${en} ${name.EN}`,
      FR: `${fr} ${name.FR}`,
    });
    return [
      {
        key: `${kind}-state`,
        labels: label('Copyright', 'Copyright', 'Copyright'),
        type: 'singleEnum' as const,
        options: COPYRIGHT_STATES.map((value) => ({ value, labels: STATE_LABELS[value] })),
      },
      {
        key: `${kind}-country`,
        labels: label('Paese', 'Country', 'Pays'),
        type: 'singleEnum' as const,
        options: COPYRIGHT_COUNTRIES.map((value) => ({ value, labels: COUNTRY_LABELS[value] })),
      },
      {
        key: `${kind}-perpetual`,
        labels: label('Perpetuo', 'Perpetual', 'Perpétuel'),
        type: 'boolean' as const,
      },
      {
        key: `${kind}-todate`,
        labels: label('Valido fino al', 'Valid until', "Valable jusqu'au"),
        type: 'instant' as const,
      },
    ];
  }),
];

/** Tags of the demo (SPEC §3 fixed copyright tags, product tags of a few car models, free tags). */
export const DEMO_ENRICHMENT_TAGS: readonly { prettyId: string; classificationId: string; labels: Labels }[] =
  [
    {
      prettyId: 'cr-copyright',
      classificationId: ENRICHMENT_CLASSIFICATIONS.copyright,
      labels: same('Copyright'),
    },
    {
      prettyId: 'cr-people',
      classificationId: ENRICHMENT_CLASSIFICATIONS.copyright,
      labels: { IT: 'Persone', EN: 'People', FR: 'Personnes' },
    },
    {
      prettyId: 'cr-landscape',
      classificationId: ENRICHMENT_CLASSIFICATIONS.copyright,
      labels: { IT: 'Paesaggio', EN: 'Landscape', FR: 'Paysage' },
    },
    { prettyId: 'prd-spider', classificationId: ENRICHMENT_CLASSIFICATIONS.products, labels: same('Spider') },
    {
      prettyId: 'prd-berlina',
      classificationId: ENRICHMENT_CLASSIFICATIONS.products,
      labels: { IT: 'Berlina', EN: 'Saloon', FR: 'Berline' },
    },
    {
      prettyId: 'prd-suv',
      classificationId: ENRICHMENT_CLASSIFICATIONS.products,
      labels: same('SUV Compatto'),
    },
    {
      prettyId: 'prd-city-ev',
      classificationId: ENRICHMENT_CLASSIFICATIONS.products,
      labels: { IT: 'City EV', EN: 'City EV', FR: 'Citadine EV' },
    },
    {
      prettyId: 'tag-exterior',
      classificationId: ENRICHMENT_CLASSIFICATIONS.tags,
      labels: { IT: 'Esterni', EN: 'Exterior', FR: 'Extérieur' },
    },
    {
      prettyId: 'tag-interior',
      classificationId: ENRICHMENT_CLASSIFICATIONS.tags,
      labels: { IT: 'Interni', EN: 'Interior', FR: 'Intérieur' },
    },
    {
      prettyId: 'tag-event',
      classificationId: ENRICHMENT_CLASSIFICATIONS.tags,
      labels: { IT: 'Evento', EN: 'Event', FR: 'Événement' },
    },
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
    for (const t of DEMO_ENRICHMENT_TAGS) {
      const data = {
        classificationId: t.classificationId,
        names: namesOf(t.labels),
        searchText: Object.values(t.labels).join(' ').toLowerCase(),
      };
      await this.prisma.tagDefinition.upsert({
        where: { prettyId: t.prettyId },
        create: { prettyId: t.prettyId, ...data },
        update: data,
      });
    }
    return { definitions: DEMO_METADATA_DEFINITIONS.length, tags: DEMO_ENRICHMENT_TAGS.length };
  }
}
