import { questionsApi } from '#shared/contract/questions';
import type { Route } from '../../plugins/contract.ts';
import type { QuestionsService } from './questions.service.ts';

export function questionsRoutes(route: Route, questions: QuestionsService): void {
  route(questionsApi.list, async ({ params }) => ({ results: await questions.list(params.formId) }));
  route(questionsApi.add, async ({ user, params, body }) => {
    await questions.add(user, params.formId, body);
    return null;
  });
  route(questionsApi.reorder, async ({ user, params, body }) => {
    await questions.reorder(user, params.formId, body.order);
    return null;
  });
  route(questionsApi.remove, async ({ user, params }) => {
    await questions.remove(user, params.formId, params.questionId);
    return null;
  });
}
