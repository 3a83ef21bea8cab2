import { Button, Stack, Text } from '@chakra-ui/react';
import { isMoveTargetView, placeOfFolder, type FolderNode } from '@paddock/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { FolderTree, findFolder } from '../assets/folder-tree';
import { useSession } from '../session/use-session';
import { sideOfRoles } from './workflow-folders';

interface FolderPickerDialogProps {
  title: string;
  /** The folders offered, as a tree (the whole tree, or the enrichment folder's subtree). */
  roots: readonly FolderNode[];
  /** Folders that may not be chosen (besides those without the write right). */
  excludeIds?: readonly string[];
  confirmLabel: string;
  busy: boolean;
  onPick(folder: FolderNode): void;
  onCancel(): void;
}

/**
 * The move dialog (SPEC §2): a folder tree where only folders the user may write to, and that a
 * move may fill, can be chosen.
 */
export function FolderPickerDialog(props: FolderPickerDialogProps) {
  const { t } = useTranslation();
  const session = useSession();
  const side = sideOfRoles(session.roles);
  // As the hub decides: writable, and not a folder only the workflow fills (steps, rejected, junk).
  const selectable = (folder: FolderNode) =>
    folder.rights.write &&
    !(props.excludeIds ?? []).includes(folder.id) &&
    isMoveTargetView(placeOfFolder(findFolder(props.roots, folder.id)?.path ?? [folder], side).view);
  const [picked, setPicked] = useState<FolderNode | null>(() => onlyChoice(props.roots, selectable));

  return (
    <AppDialog
      open
      size="md"
      // Closed by its buttons only: it may open as another dialog closes, whose focus going back
      // to its trigger must not count as a dismissal.
      dismissible={false}
      title={props.title}
      footer={
        <>
          <Button variant="outline" onClick={props.onCancel} disabled={props.busy}>
            {t('workflow.cancel')}
          </Button>
          <Button disabled={!picked} loading={props.busy} onClick={() => picked && props.onPick(picked)}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('workflow.picker.hint')}
        </Text>
        {props.roots.length ? (
          <FolderTree
            roots={props.roots}
            selectedId={picked?.id}
            onSelect={setPicked}
            isSelectable={selectable}
            label={t('workflow.picker.tree')}
          />
        ) : (
          <Text role="alert">{t('workflow.picker.none')}</Text>
        )}
        <Text fontSize="sm" aria-live="polite">
          {picked ? t('workflow.picker.chosen', { folder: picked.name }) : ''}
        </Text>
      </Stack>
    </AppDialog>
  );
}

/**
 * The one folder that can be chosen, when the tree offers exactly one (a department with a single
 * enrichment folder): asking the user to pick it is a click for nothing. Not when some branch is
 * not loaded, since a folder there could be another choice.
 */
function onlyChoice(
  roots: readonly FolderNode[],
  selectable: (folder: FolderNode) => boolean,
): FolderNode | null {
  const choices: FolderNode[] = [];
  const walk = (nodes: readonly FolderNode[]): boolean =>
    nodes.every((node) => {
      if (selectable(node)) choices.push(node);
      if (node.hasChildren && !node.children) return false;
      return walk(node.children ?? []);
    });
  return walk(roots) && choices.length === 1 ? choices[0]! : null;
}
