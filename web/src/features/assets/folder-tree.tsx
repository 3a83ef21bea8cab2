import { Box, chakra, Text } from '@chakra-ui/react';
import type { FolderNode } from '@paddock/rules';
import { ChevronDown, ChevronRight, Folder, FolderOpen } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';

interface FolderTreeProps {
  roots: readonly FolderNode[];
  selectedId: string | undefined;
  onSelect(folder: FolderNode): void;
  label: string;
  /** Folders that may not be chosen are shown, and can be opened, but not selected (pickers). */
  isSelectable?: (folder: FolderNode) => boolean;
  /** Folders shown opened at first, besides those above the selected one. */
  initiallyExpanded?: Iterable<string>;
  /**
   * Folders shown only to hold others (a department's top folder above its archive): a click or
   * Enter opens or closes them instead of selecting them.
   */
  isGroupOnly?: (folder: FolderNode) => boolean;
}

interface VisibleNode {
  node: FolderNode;
  level: number;
  parentId: string | null;
}

/** Depth-first list of the folders on screen, given which ones are expanded. */
function visibleNodes(roots: readonly FolderNode[], expanded: ReadonlySet<string>): VisibleNode[] {
  const out: VisibleNode[] = [];
  const walk = (nodes: readonly FolderNode[], level: number, parentId: string | null) => {
    for (const node of nodes) {
      out.push({ node, level, parentId });
      if (expanded.has(node.id) && node.children?.length) walk(node.children, level + 1, node.id);
    }
  };
  walk(roots, 1, null);
  return out;
}

/** The ids from the root to `id` (exclusive), so a folder picked in the address is shown opened. */
function ancestorsOf(roots: readonly FolderNode[], id: string | undefined): string[] {
  if (!id) return [];
  const search = (nodes: readonly FolderNode[], trail: string[]): string[] | null => {
    for (const node of nodes) {
      if (node.id === id) return trail;
      const found = search(node.children ?? [], [...trail, node.id]);
      if (found) return found;
    }
    return null;
  };
  return search(roots, []) ?? [];
}

const hasKids = (node: FolderNode) => node.hasChildren || Boolean(node.children?.length);

/**
 * The folder sidebar as a WAI-ARIA tree: one tab stop; ↑/↓ move, → opens or enters, ← closes or goes
 * to the parent, Home/End jump, Enter or a click selects the folder.
 */
export function FolderTree({
  roots,
  selectedId,
  onSelect,
  label,
  isSelectable,
  initiallyExpanded = [],
  isGroupOnly,
}: FolderTreeProps) {
  const select = (folder: FolderNode) => {
    if (isGroupOnly?.(folder)) setOpen(folder.id, !expanded.has(folder.id));
    else if (!isSelectable || isSelectable(folder)) onSelect(folder);
  };
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set([...initiallyExpanded, ...ancestorsOf(roots, selectedId)]),
  );
  // A folder selected later (a new folder, one opened by the view) is shown with its parents open.
  useEffect(() => {
    const above = ancestorsOf(roots, selectedId);
    setExpanded((current) =>
      above.every((id) => current.has(id)) ? current : new Set([...current, ...above]),
    );
  }, [roots, selectedId]);
  const [focusedId, setFocusedId] = useState<string | undefined>(selectedId);
  const items = useRef(new Map<string, HTMLElement>());
  const nodes = useMemo(() => visibleNodes(roots, expanded), [roots, expanded]);
  const activeId = nodes.some((entry) => entry.node.id === focusedId) ? focusedId : nodes[0]?.node.id;

  const focus = (id: string | undefined) => {
    if (!id) return;
    setFocusedId(id);
    items.current.get(id)?.focus();
  };
  const setOpen = (id: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const entry = nodes[index];
    if (!entry) return;
    const { node } = entry;
    const isOpen = expanded.has(node.id);
    switch (event.key) {
      case 'ArrowDown':
        focus(nodes[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        focus(nodes[index - 1]?.node.id);
        break;
      case 'ArrowRight':
        if (!hasKids(node)) break;
        if (isOpen)
          focus(nodes[index + 1]?.level === entry.level + 1 ? nodes[index + 1]?.node.id : undefined);
        else setOpen(node.id, true);
        break;
      case 'ArrowLeft':
        if (isOpen) setOpen(node.id, false);
        else focus(entry.parentId ?? undefined);
        break;
      case 'Home':
        focus(nodes[0]?.node.id);
        break;
      case 'End':
        focus(nodes[nodes.length - 1]?.node.id);
        break;
      case 'Enter':
      case ' ':
        select(node);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <Box as="ul" role="tree" aria-label={label} listStyleType="none" m="0" p="0">
      {nodes.map((entry, index) => {
        const { node, level } = entry;
        const isOpen = expanded.has(node.id);
        const selected = node.id === selectedId;
        const disabled = isSelectable ? !isSelectable(node) : false;
        const groupOnly = isGroupOnly?.(node) ?? false;
        return (
          <chakra.li
            key={node.id}
            role="treeitem"
            aria-level={level}
            aria-selected={selected}
            aria-disabled={disabled || undefined}
            aria-expanded={hasKids(node) ? isOpen : undefined}
            tabIndex={node.id === activeId ? 0 : -1}
            ref={(element: HTMLLIElement | null) => {
              if (element) items.current.set(node.id, element);
              else items.current.delete(node.id);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
            onFocus={() => setFocusedId(node.id)}
            onClick={() => {
              setFocusedId(node.id);
              if (disabled) setOpen(node.id, !isOpen);
              else select(node);
            }}
            display="flex"
            alignItems="center"
            gap="1.5"
            ps={`${(level - 1) * 16 + 4}px`}
            pe="2"
            py="1.5"
            rounded="l2"
            cursor="pointer"
            color={disabled ? 'fg.subtle' : groupOnly ? 'fg.muted' : undefined}
            bg={selected ? 'brand.subtle' : undefined}
            fontWeight={selected ? 'semibold' : undefined}
            _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' }}
          >
            <chakra.span
              aria-hidden
              display="inline-flex"
              w="4"
              visibility={hasKids(node) ? 'visible' : 'hidden'}
              onClick={(event) => {
                event.stopPropagation();
                setOpen(node.id, !isOpen);
              }}
            >
              {isOpen ? <ChevronDown size={16} /> : <ChevronRight size={16} />}
            </chakra.span>
            <chakra.span aria-hidden display="inline-flex" color="fg.muted">
              {isOpen ? <FolderOpen size={16} /> : <Folder size={16} />}
            </chakra.span>
            {/* Whole names, wrapped: a supplier told "Foto Studio · Herit…" from "Foto Studio · Marketing"
                by nothing (issue 23). */}
            <Text as="span" minW="0" overflowWrap="anywhere">
              {node.name}
              {node.department ? (
                <Text as="span" color="fg.muted" fontWeight="normal">
                  {` · ${node.department}`}
                </Text>
              ) : null}
            </Text>
          </chakra.li>
        );
      })}
    </Box>
  );
}

/** The folder and how deep it sits (roots are depth 1), or undefined. */
export function findFolder(
  roots: readonly FolderNode[],
  id: string | undefined,
): { folder: FolderNode; depth: number; path: FolderNode[] } | undefined {
  if (!id) return undefined;
  const search = (nodes: readonly FolderNode[], path: FolderNode[]): ReturnType<typeof findFolder> => {
    for (const node of nodes) {
      const here = [...path, node];
      if (node.id === id) return { folder: node, depth: here.length, path: here };
      const found = search(node.children ?? [], here);
      if (found) return found;
    }
    return undefined;
  };
  return search(roots, []);
}
