import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Question } from '#shared/contract/questions';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../../ui/badge.tsx';
import { HoverNote } from '../../ui/hover-note.tsx';
import { Icon } from '../../ui/icons.tsx';
import { questionTypeName } from './question-types.ts';

/** How a question is named to people: its text, else its id (headings can be empty). */
export function questionLabel(question: Question): string {
  return question.text.trim() || `Question ${question.qid}`;
}

interface Props {
  question: Question;
  /** Its '#order': distinct on every row (decision 032). */
  number: number;
  /** Its position differs from the server's: marked until saved or discarded. */
  moved: boolean;
  onDelete: (question: Question) => void;
}

function GripIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="size-5 fill-current">
      {[5, 10, 15].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />))}
    </svg>
  );
}

/**
 * One row of the Edit Form list (docs/product.md, Screens): drag handle, '#order', 'Id : qid', text, type badge and
 * delete. Only the handle starts a drag, so text stays selectable and the delete button clickable.
 */
export function QuestionRow({ question, number, moved, onDelete }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: question.qid });
  const label = questionLabel(question);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-qid={question.qid}
      className={cn(
        'relative flex items-start gap-3 bg-white px-3 py-3 sm:items-center sm:px-4',
        moved && 'bg-brand-50/50 shadow-[inset_3px_0_0_var(--color-brand-600)]',
        isDragging && 'z-10 rounded-md shadow-lg ring-1 ring-brand-600/40',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder question ${question.qid}: ${label}`}
        className="-my-1 shrink-0 cursor-grab touch-none rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing aria-pressed:bg-brand-100 aria-pressed:text-brand-800"
      >
        <GripIcon />
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
        <div className="flex shrink-0 items-center gap-3 text-xs text-slate-600 tabular-nums sm:w-36">
          <span className="font-semibold text-slate-800">#{number}</span>
          <span>Id : {question.qid}</span>
        </div>
        <p className={cn('min-w-0 flex-1 text-sm wrap-anywhere', question.text.trim() ? 'text-slate-900' : 'text-slate-500 italic')}>{question.text.trim() || 'No text'}</p>
        <div className="flex items-center gap-2 sm:shrink-0">
          <HoverNote row="li" align="end" note={question.type} className="font-mono">
            <Badge tone={question.type === 'control_head' ? 'blue' : 'brand'} className="font-sans">
              {questionTypeName(question.type)}
            </Badge>
          </HoverNote>
          {moved && <span className="text-xs font-medium text-brand-800">Moved</span>}
        </div>
      </div>
      <button
        type="button"
        onClick={() => onDelete(question)}
        aria-label={`Delete question ${question.qid}: ${label}`}
        title="Delete question"
        className="-my-1 shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
      >
        <Icon name="trash" className="size-5" />
      </button>
    </li>
  );
}
