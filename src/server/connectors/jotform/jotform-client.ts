import { badResponse } from './jotform-error.ts';
import { createTransport } from './jotform-http.ts';
import {
  AddedQuestionsContentSchema,
  AnyContentSchema,
  FormsContentSchema,
  type JotformForm,
  JotformFormSchema,
  type JotformQuestion,
  JotformQuestionSchema,
  type JotformResultSet,
  type JotformSubmission,
  JotformSubmissionSchema,
  type JotformUser,
  JotformUserSchema,
  QuestionsContentSchema,
  SubmissionsContentSchema,
  WebhooksContentSchema,
} from './jotform-schemas.ts';

export const JOTFORM_US_BASE_URL = 'https://api.jotform.com';

/** JotForm caps a page of submissions at 1000. */
export const JOTFORM_MAX_PAGE = 1000;

export interface JotformClientOptions {
  /** Default JOTFORM_US_BASE_URL; EU, HIPAA, enterprise (`https://host/API`) or the emulator. */
  baseUrl?: string;
  apiKey: string;
  /** Per attempt; default 15 000 ms. */
  timeoutMs?: number;
  /** Extra attempts after the first on 5xx / 429 / network failures; default 2 (3 attempts). */
  retries?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export type JotformOrderBy = 'id' | 'form_id' | 'IP' | 'created_at' | 'status' | 'new' | 'flag' | 'updated_at';
export type JotformDirection = 'ASC' | 'DESC';
/** Keys are `field` (equals) or `field:gt|lt|ne`; dates as "YYYY-MM-DD HH:MM:SS" in the account's time zone. */
export type JotformFilter = Record<string, string | number | readonly (string | number)[]>;

export interface SubmissionsQuery {
  offset?: number;
  /** 1..1000, default 20 as in JotForm. */
  limit?: number;
  filter?: JotformFilter;
  orderby?: JotformOrderBy;
  direction?: JotformDirection;
}

export interface IterateQuery {
  filter?: JotformFilter;
  orderby?: JotformOrderBy;
  direction?: JotformDirection;
  /** Default 1000: fewest calls against the daily quota. */
  pageSize?: number;
}

export interface NewJotformQuestion {
  type: string;
  text: string;
  order: string | number;
  /** Derived from `text` when absent, as the JotForm builder does. */
  name?: string;
  [prop: string]: string | number | undefined;
}

export interface JotformWebhook {
  /** The map key JotForm uses to delete it ("0", "1", …). */
  id: string;
  url: string;
}

const seg = (id: string) => encodeURIComponent(id);
const byNumericKey = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);

/** camelCase of the first two words, the way the JotForm builder names fields. */
export function questionNameFromText(text: string): string {
  const words = text.toLowerCase().match(/[a-z0-9]+/g)?.slice(0, 2) ?? [];
  const name = words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  return name || 'question';
}

function webhookList(map: Record<string, string>): JotformWebhook[] {
  return Object.keys(map)
    .sort(byNumericKey)
    .map((id) => ({ id, url: map[id] ?? '' }));
}

export function sortQuestions(questions: JotformQuestion[]): JotformQuestion[] {
  return [...questions].sort((a, b) => Number(a.order) - Number(b.order) || Number(a.qid) - Number(b.qid));
}

/** A thin client of the JotForm REST API (JotForm API documentation). Every method throws JotformError. */
export function createJotformClient(options: JotformClientOptions) {
  const http = createTransport({
    baseUrl: options.baseUrl ?? JOTFORM_US_BASE_URL,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 15_000,
    retries: Math.max(0, options.retries ?? 2),
    fetch: options.fetch ?? globalThis.fetch,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  });

  async function getSubmissions(formId: string, query: SubmissionsQuery = {}): Promise<{ submissions: JotformSubmission[]; resultSet: JotformResultSet | null }> {
    const limit = query.limit === undefined ? undefined : Math.min(Math.max(1, Math.trunc(query.limit)), JOTFORM_MAX_PAGE);
    const reply = await http.request(
      {
        method: 'GET',
        path: `/form/${seg(formId)}/submissions`,
        query: {
          offset: query.offset,
          limit,
          filter: query.filter ? JSON.stringify(query.filter) : undefined,
          orderby: query.orderby,
          direction: query.direction,
        },
        subject: `form ${formId}`,
      },
      SubmissionsContentSchema,
    );
    return { submissions: reply.content, resultSet: reply.resultSet };
  }

  async function listWebhooks(formId: string): Promise<JotformWebhook[]> {
    const reply = await http.request({ method: 'GET', path: `/form/${seg(formId)}/webhooks`, subject: `form ${formId}` }, WebhooksContentSchema);
    return webhookList(reply.content);
  }

  return {
    /** Remaining calls of today's quota as of the last reply (null before any). */
    limitLeft: () => http.limitLeft(),
    /** Tells `listener` of every reply, with the calls it says are left: each reply is a call of the day's quota. */
    onReply: http.onReply,

    /** The account the API key belongs to (GET /user). */
    async getUser(): Promise<JotformUser> {
      return (await http.request({ method: 'GET', path: '/user' }, JotformUserSchema)).content;
    },

    async listForms(query: { offset?: number; limit?: number } = {}): Promise<JotformForm[]> {
      const reply = await http.request(
        { method: 'GET', path: '/user/forms', query: { offset: query.offset, limit: query.limit ?? JOTFORM_MAX_PAGE } },
        FormsContentSchema,
      );
      return reply.content;
    },

    async getForm(formId: string): Promise<JotformForm> {
      return (await http.request({ method: 'GET', path: `/form/${seg(formId)}`, subject: `form ${formId}` }, JotformFormSchema)).content;
    },

    getSubmissions,

    /**
     * Every submission matching the filter, page by page (offset += limit until a short page).
     * Offsets shift when submissions arrive meanwhile; order by created_at ASC for a stable walk.
     */
    async *iterateSubmissions(formId: string, query: IterateQuery = {}): AsyncGenerator<JotformSubmission, void, undefined> {
      const limit = Math.min(Math.max(1, query.pageSize ?? JOTFORM_MAX_PAGE), JOTFORM_MAX_PAGE);
      let previous = new Set<string>();
      for (let offset = 0; ; offset += limit) {
        const { submissions } = await getSubmissions(formId, { ...query, offset, limit });
        // A server ignoring `offset` would otherwise loop forever, burning the daily quota.
        if (submissions.length > 0 && submissions.every((s) => previous.has(s.id))) throw badResponse('paging did not advance', 200);
        previous = new Set(submissions.map((s) => s.id));
        yield* submissions;
        if (submissions.length < limit) return;
      }
    },

    async getSubmission(submissionId: string): Promise<JotformSubmission> {
      const reply = await http.request(
        { method: 'GET', path: `/submission/${seg(submissionId)}`, subject: `submission ${submissionId}` },
        JotformSubmissionSchema,
      );
      return reply.content;
    },

    /** The form's questions sorted by their numeric `order`. */
    async getQuestions(formId: string): Promise<JotformQuestion[]> {
      const reply = await http.request({ method: 'GET', path: `/form/${seg(formId)}/questions`, subject: `form ${formId}` }, QuestionsContentSchema);
      return sortQuestions(Object.values(reply.content));
    },

    async getQuestion(formId: string, qid: string): Promise<JotformQuestion> {
      const path = `/form/${seg(formId)}/question/${seg(qid)}`;
      return (await http.request({ method: 'GET', path, subject: `question ${qid} of form ${formId}` }, JotformQuestionSchema)).content;
    },

    /** Adds questions in one call; returns them in request order with JotForm's new qids (as strings). */
    async addQuestions(formId: string, questions: readonly NewJotformQuestion[]): Promise<JotformQuestion[]> {
      if (questions.length === 0) return [];
      const payload = questions.map((q) => {
        const props: Record<string, string> = {};
        for (const [k, v] of Object.entries(q)) if (v !== undefined) props[k] = String(v);
        props.name = q.name ?? questionNameFromText(q.text);
        return props;
      });
      const reply = await http.request(
        { method: 'PUT', path: `/form/${seg(formId)}/questions`, json: { questions: payload }, subject: `form ${formId}` },
        AddedQuestionsContentSchema,
      );
      // JotForm keys the reply by the request's keys, and a sent array comes back keyed from "0"
      // or from "1" (the one real capture): whatever the base, the n-th key is the n-th question.
      // Should the counts differ, an entry is matched to the sent question of its name instead.
      const keys = Object.keys(reply.content).sort(byNumericKey);
      const sent = (key: string, i: number) =>
        keys.length === payload.length ? payload[i] : payload.find((p) => p.name === reply.content[key]?.name);
      return keys.map((key, i) => {
        const question = JotformQuestionSchema.safeParse({ ...sent(key, i), ...reply.content[key] });
        if (!question.success) throw badResponse(`added question ${key}: ${question.error.issues[0]?.message ?? 'invalid'}`, 200);
        return question.data;
      });
    },

    /** Sets question properties (`question[prop]=value`); other properties are kept. */
    async editQuestion(formId: string, qid: string, props: Record<string, string | number>): Promise<void> {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(props)) form.append(`question[${k}]`, String(v));
      const path = `/form/${seg(formId)}/question/${seg(qid)}`;
      await http.request({ method: 'POST', path, form, subject: `question ${qid} of form ${formId}` }, AnyContentSchema);
    },

    async deleteQuestion(formId: string, qid: string): Promise<void> {
      const path = `/form/${seg(formId)}/question/${seg(qid)}`;
      await http.request({ method: 'DELETE', path, subject: `question ${qid} of form ${formId}` }, AnyContentSchema);
    },

    listWebhooks,

    /** Registers a webhook URL and returns it with its id. */
    async createWebhook(formId: string, url: string): Promise<JotformWebhook> {
      const form = new URLSearchParams({ webhookURL: url });
      const reply = await http.request({ method: 'POST', path: `/form/${seg(formId)}/webhooks`, form, subject: `form ${formId}` }, WebhooksContentSchema);
      const created = webhookList(reply.content).findLast((w) => w.url === url);
      if (!created) throw badResponse('the new webhook is missing from the webhook list', 200);
      return created;
    },

    /** Removes a webhook by its id; returns the ones left. */
    async deleteWebhook(formId: string, webhookId: string): Promise<JotformWebhook[]> {
      const path = `/form/${seg(formId)}/webhooks/${seg(webhookId)}`;
      const reply = await http.request({ method: 'DELETE', path, subject: `webhook ${webhookId} of form ${formId}` }, WebhooksContentSchema);
      return webhookList(reply.content);
    },
  };
}

export type JotformClient = ReturnType<typeof createJotformClient>;
