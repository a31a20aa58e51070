import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  type ScreenReaderInstructions,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Question } from '#shared/contract/questions';
import { QuestionRow, questionLabel } from './question-row.tsx';

/** A pointer drag starts after 5 px of movement, so a click on the handle is not a drag. */
export const DRAG_ACTIVATION_DISTANCE_PX = 5;
/** Each arrow key press moves the picked-up question 25 px. */
export const KEYBOARD_STEP_PX = 25;

/** Up and down arrows move 25 px; left and right do nothing in a vertical list. */
export const verticalKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  if (event.code === 'ArrowDown') return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
  if (event.code === 'ArrowUp') return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
  return undefined;
};

/** The list is one column: a drag never drifts sideways. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move a question, press Space or Enter to pick it up. Use the up and down arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel. Use Save order to keep the new order.',
};

interface Props {
  items: readonly Question[];
  /** Rows the person moved and has not saved yet. */
  isMoved: (qid: string) => boolean;
  /** The number each row shows (decision 032). */
  numberOf: (question: Question) => number;
  onMove: (activeQid: string, overQid: string) => void;
  onDelete: (question: Question) => void;
}

export function QuestionList({ items, isMoved, numberOf, onMove, onDelete }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: verticalKeyboardCoordinates }),
  );
  const qids = items.map((q) => q.qid);
  const count = items.length;
  const describe = (qid: string | number) => {
    const question = items.find((q) => q.qid === String(qid));
    return question ? `question ${question.qid}, ${questionLabel(question)}` : `question ${qid}`;
  };
  const position = (qid: string | number | undefined) => `position ${qids.indexOf(String(qid)) + 1} of ${count}`;

  // Spoken positions, not dnd-kit's default "droppable area" wording.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${describe(active.id)}, in ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${describe(active.id)} is over ${position(over.id)}.` : `${describe(active.id)} is not over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${describe(active.id)} was dropped in ${position(over.id)}. Save order to keep it.` : `${describe(active.id)} was dropped where it was.`),
    onDragCancel: ({ active }) => `Moving was cancelled; ${describe(active.id)} is back in ${position(active.id)}.`,
  };

  function dragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={qids} strategy={verticalListSortingStrategy}>
        <ol aria-label="Form questions" className="divide-y divide-slate-100 rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
          {items.map((question) => (
            <QuestionRow key={question.qid} question={question} number={numberOf(question)} moved={isMoved(question.qid)} onDelete={onDelete} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
