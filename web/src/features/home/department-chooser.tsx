import { Button, Stack } from '@chakra-ui/react';
import type { FolderNode } from '@paddock/rules';
import { Building2, FolderInput } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import type { DepartmentChoice } from './archive-tree';

interface DepartmentChooserProps {
  choices: readonly DepartmentChoice[];
  onChoose(folder: FolderNode): void;
}

/**
 * A supplier working for several departments chooses one before anything opens (issue 23): each
 * department in full, no default, so a batch cannot land in the first department by name.
 */
export function DepartmentChooser({ choices, onChoose }: DepartmentChooserProps) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Building2 />}
      title={t('supplier.chooseDepartment.title')}
      description={t('supplier.chooseDepartment.description')}
      action={
        <Stack
          as="ul"
          role="list"
          aria-label={t('supplier.chooseDepartment.label')}
          gap="2"
          listStyleType="none"
        >
          {choices.map(({ department, folder }) => (
            <li key={folder.id}>
              <Button variant="outline" w="full" justifyContent="flex-start" onClick={() => onChoose(folder)}>
                <FolderInput />
                {department}
              </Button>
            </li>
          ))}
        </Stack>
      }
    />
  );
}
