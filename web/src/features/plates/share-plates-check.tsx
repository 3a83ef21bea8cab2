import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LIMITS, plateBoxRequired, type NamedPlateBoxesView } from '@paddock/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../assets/format';
import { PlateEditorDialogOnDemand } from './plate-editor-dialog-on-demand';
import { PlatePicture } from './plate-picture';

interface SharePlatesCheckProps {
  /** The shared images' boxes loaded so far, each with its asset's name. */
  views: readonly NamedPlateBoxesView[];
  /** Still asking for some. */
  loading: boolean;
  /** The assets a PLATE_BOX_REQUIRED refusal named. */
  refused: readonly string[];
}

const previewOf = (assetId: string) => `/api/assets/${encodeURIComponent(assetId)}/preview`;

/**
 * The external share's plates (docs/plates.md): the shared images that have boxes or need one,
 * those that need one first, each with its boxes over its picture and a way to adjust them; the
 * dialog does not send while one still needs a box.
 */
export function SharePlatesCheck({ views, loading, refused }: SharePlatesCheckProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const required = views.filter(plateBoxRequired);
  // Those that need a box first; a long share shows as many as its preview does.
  const worthShowing = [...required, ...views.filter((view) => view.boxes.length > 0)];
  const listed = worthShowing.slice(0, LIMITS.previewMaxAssets);
  const more = worthShowing.length - listed.length;
  const nameOf = (assetId: string) => {
    const view = views.find((v) => v.assetId === assetId);
    return view ? displayName(view.name, view.extension) : assetId;
  };
  const stillRefused = refused.filter((id) => required.some((v) => v.assetId === id));

  if (!listed.length && !loading) return null;
  return (
    <Stack as="section" gap="2" aria-label={t('plates.share.title')}>
      <Text fontWeight="medium">{t('plates.share.title')}</Text>
      {stillRefused.length ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>
            {t('error.codes.PLATE_BOX_REQUIRED', { names: stillRefused.map(nameOf).join(', ') })}
          </Alert.Title>
        </Alert.Root>
      ) : required.length ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('plates.share.required', { count: required.length })}</Alert.Title>
        </Alert.Root>
      ) : null}
      {loading ? (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t('plates.share.checking')}
        </Text>
      ) : null}
      <Stack as="ul" listStyleType="none" gap="2">
        {listed.map((view) => {
          const name = nameOf(view.assetId);
          const needsBox = plateBoxRequired(view);
          return (
            <HStack as="li" key={view.assetId} gap="3" data-testid="share-plate-item">
              <PlatePicture src={previewOf(view.assetId)} boxes={view.boxes} height="4rem" />
              <Stack flex="1" minW="0" gap="1">
                <Text truncate fontSize="sm">
                  {name}
                </Text>
                {needsBox ? (
                  <Badge colorPalette="orange" w="fit-content">
                    {t('plates.share.needsBox')}
                  </Badge>
                ) : (
                  <Text fontSize="xs" color="fg.muted">
                    {t(`plates.share.boxes.${view.state === 'confirmed' ? 'confirmed' : 'proposed'}`, {
                      count: view.boxes.length,
                    })}
                  </Text>
                )}
              </Stack>
              <Button
                size="xs"
                variant="outline"
                aria-label={t('plates.share.adjustOf', { name })}
                onClick={() => setEditing({ id: view.assetId, name })}
              >
                {t('plates.share.adjust')}
              </Button>
            </HStack>
          );
        })}
      </Stack>
      {more > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('plates.share.more', { count: more })}
        </Text>
      ) : null}
      {editing ? (
        <PlateEditorDialogOnDemand
          assetId={editing.id}
          imageUrl={previewOf(editing.id)}
          name={editing.name}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
