import { departmentOfTopFolder, type SessionResponse } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { folderTreeQueryOptions } from '../../api/assets.queries';
import { useLanguage } from '../../i18n/use-language';
import { useSession } from '../session/use-session';

/**
 * The departments the admin's tree has at its top (`dept-<code>`), by their names: those `may`
 * lets this admin act for (the hub refuses the others too).
 */
export function useDepartments(may: (session: SessionResponse, department: string) => boolean): {
  departments: { code: string; name: string }[];
  loaded: boolean;
} {
  const [language] = useLanguage();
  const session = useSession();
  const tree = useQuery(folderTreeQueryOptions(language));
  const departments = (tree.data?.roots ?? []).flatMap((folder) => {
    const code = departmentOfTopFolder(folder.prettyId);
    return code && may(session, code) ? [{ code, name: folder.name }] : [];
  });
  return { departments, loaded: tree.isSuccess };
}
