import type { Answer } from '#shared/contract/submissions';
import { answerSections, answerView } from './answer-format.ts';

/** Light styling for the few tags prettyFormat uses (lists, paragraphs, bold, links). */
const HTML_CLASSES =
  'wrap-anywhere [&_a]:text-brand-800 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_table]:text-left [&_td]:pr-3 [&_th]:pr-3 [&_ul]:list-disc [&_ul]:pl-5 [&_li]:my-0.5';

function AnswerValue({ answer }: { answer: Answer }) {
  const view = answerView(answer);
  if (view.kind === 'empty') return <span className="text-slate-500 italic">No answer provided</span>;
  if (view.kind === 'text') return <span className="whitespace-pre-wrap wrap-anywhere">{view.text}</span>;
  // Sanitised by answerView (DOMPurify): no script, no event handler, no remote image.
  return <div className={HTML_CLASSES} dangerouslySetInnerHTML={{ __html: view.html }} />;
}

/** 'Answers': question order, headings as section titles, captcha and button hidden. */
export function AnswersList({ answers }: { answers: readonly Answer[] }) {
  const sections = answerSections(answers);
  if (sections.length === 0) return <p className="px-4 py-6 text-sm text-slate-600 sm:px-6">This submission has no answers.</p>;
  return (
    <div className="divide-y divide-slate-200">
      {sections.map((section) => (
        <div key={section.key} className="px-4 py-5 sm:px-6">
          {section.title && <h3 className="text-base font-semibold text-brand-900">{section.title}</h3>}
          {section.answers.length > 0 && (
            <dl className="mt-3 divide-y divide-slate-100">
              {section.answers.map((answer) => (
                <div key={answer.qid} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
                  <dt className="text-sm font-medium text-slate-600">{answer.text || answer.name}</dt>
                  <dd className="text-sm text-slate-900 sm:col-span-2">
                    <AnswerValue answer={answer} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ))}
    </div>
  );
}
