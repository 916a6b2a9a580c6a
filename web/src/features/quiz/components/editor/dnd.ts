/**
 * Drag and drop in the quiz editor (@dnd-kit): sections are sortable among themselves; questions
 * are sortable within their section and move into another section (or onto a section's tab when
 * sections show as tabs). Collisions and keyboard moves only consider targets of the kind being
 * dragged, so a section never lands inside another section's question list.
 */
import {
  type ClientRect,
  type CollisionDetection,
  closestCenter,
  closestCorners,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

export type DragKind = 'section' | 'question' | 'list' | 'tab';

export interface DragData {
  kind: DragKind;
  /** The section a question, a question list or a tab belongs to (a section's own id). */
  sectionId: string;
  /** For a list: how many questions it holds. */
  count?: number;
}

export const listDroppableId = (sectionId: string) => `list:${sectionId}`;
export const tabDroppableId = (sectionId: string) => `tab:${sectionId}`;

const dataOf = (container: { data: { current?: unknown } }) => container.data.current as DragData | undefined;
const kindOf = (container: { data: { current?: unknown } }) => dataOf(container)?.kind;

/** The targets a drag of this kind may land on. */
function targetsFor(active: DragKind | undefined, containers: readonly DroppableContainer[]) {
  if (active === 'section') return containers.filter((c) => kindOf(c) === 'section' || kindOf(c) === 'tab');
  // A question lands on a question, an empty section's list, or a tab.
  return containers.filter((c) => {
    const kind = kindOf(c);
    return kind === 'question' || kind === 'tab' || (kind === 'list' && dataOf(c)?.count === 0);
  });
}

export const quizCollisions: CollisionDetection = (args) => {
  const active = (args.active.data.current as DragData | undefined)?.kind;
  const targets = targetsFor(active, args.droppableContainers);
  // The keyboard puts the dragged rect exactly on its next target: the nearest corners name it.
  if (!args.pointerCoordinates) return closestCorners({ ...args, droppableContainers: targets });
  const tabs = targets.filter((c) => kindOf(c) === 'tab');
  const onTab = pointerWithin({ ...args, droppableContainers: tabs });
  if (onTab.length > 0) return onTab;
  const rest = targets.filter((c) => kindOf(c) !== 'tab');
  if (active === 'section') return closestCenter({ ...args, droppableContainers: rest });
  const within = pointerWithin({ ...args, droppableContainers: rest });
  if (within.length > 0) return within;
  const touching = rectIntersection({ ...args, droppableContainers: rest });
  if (touching.length > 0) return touching;
  return closestCenter({ ...args, droppableContainers: rest });
};

/**
 * Arrow keys move to the next target of the same kind, or to a section's tab above
 * (sortableKeyboardCoordinates over the filtered targets).
 */
export const quizKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { droppableContainers, active } = args.context;
  const kind = (active?.data.current as DragData | undefined)?.kind;
  const enabled = targetsFor(kind, droppableContainers.getEnabled());
  // sortableKeyboardCoordinates reads only getEnabled() and get() of the map.
  const filtered = {
    getEnabled: () => enabled,
    get: (id: UniqueIdentifier | null | undefined) => droppableContainers.get(id),
  } as unknown as typeof droppableContainers;
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableContainers: filtered },
  });
};

/** Whether the dragged rect's middle is below the middle of the target (drop after it). */
export const isBelow = (dragged: ClientRect | null | undefined, target: ClientRect) =>
  !!dragged && dragged.top + dragged.height / 2 > target.top + target.height / 2;
