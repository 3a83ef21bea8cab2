import { Button, Stack, Text } from '@chakra-ui/react';
import { plateBoxRequired } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { ScanSearch } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlateEditorDialogOnDemand } from './plate-editor-dialog-on-demand';
import { PlatePicture } from './plate-picture';
import { PlateStateLine } from './plate-state-line';
import { plateBoxesQueryOptions } from './plates.queries';

interface AssetPlatesProps {
  assetId: string;
  /** The image's preview, the picture the boxes are drawn on. */
  imageUrl: string;
  name: string;
}

/**
 * The detail's plates section (docs/plates.md) for an image: its boxes and where they stand, and the
 * editor; shown to whoever may edit them, and to anyone once there are boxes to see.
 */
export function AssetPlates({ assetId, imageUrl, name }: AssetPlatesProps) {
  const { t } = useTranslation();
  const view = useQuery(plateBoxesQueryOptions(assetId));
  const [editing, setEditing] = useState(false);
  const data = view.data;
  if (!data || (!data.mayEdit && data.boxes.length === 0)) return null;
  return (
    <Stack as="section" gap="2" aria-label={t('plates.detail.title')}>
      <Text fontWeight="semibold" fontSize="sm">
        {t('plates.detail.title')}
      </Text>
      <PlateStateLine view={data} detecting={false} />
      {plateBoxRequired(data) ? (
        <Text fontSize="sm" color="fg.warning">
          {t('plates.required')}
        </Text>
      ) : null}
      {data.boxes.length ? <PlatePicture src={imageUrl} boxes={data.boxes} height="6rem" /> : null}
      <Button size="sm" variant="outline" w="fit-content" onClick={() => setEditing(true)}>
        <ScanSearch />
        {data.mayEdit ? t('plates.detail.edit') : t('plates.detail.show')}
      </Button>
      {editing ? (
        <PlateEditorDialogOnDemand
          assetId={assetId}
          imageUrl={imageUrl}
          name={name}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Stack>
  );
}
