/** Arena's error envelope, thrown anywhere in the emulator and written by its error handler. */

export interface ArenaErrorEntry {
  code: number;
  message: string;
}

export class ArenaFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: ArenaErrorEntry[],
  ) {
    super(errors.map((e) => e.message).join(' '));
  }

  get envelope(): { status: number; errors: ArenaErrorEntry[] } {
    return { status: this.status, errors: this.errors };
  }
}

export const GUID_PATTERN = /^[0-9A-Z]{20}$/;

export const fail = (status: number, code: number, message: string) => new ArenaFailure(status, [{ code, message }]);

export const invalidGuid = (guid: unknown) => fail(400, 3011, `The guid "${String(guid)}" is not valid.`);
export const emptyGuid = () => fail(400, 3098, 'Guid in the request is either null or empty.');
export const unauthorized = () =>
  fail(401, 401, 'There is no access token associated with this request or the access token is not valid.');
export const badLogin = () =>
  fail(400, 4001, 'The username, password or workspace ID is not valid or you are not allowed to log in due to IP restriction.');
export const accountDisabled = () => fail(400, 4083, 'Too many invalid password attempts, account disabled for five minutes.');
export const badPaging = () => fail(400, 3220, 'Limit must be 1-400, offset must equal or bigger than 0.');
export const notSearchable = (key: string) => fail(400, 3019, `The attribute "${key}" is not searchable.`);
export const routeNotFound = () => fail(404, 404, 'No resource has been found.');
export const unsupportedMediaType = () => fail(415, 415, 'The content type of the request is not supported. Send "Content-Type: application/json".');

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'There is no access token associated with this request or the access token is not valid.',
  403: 'You do not have the privilege to perform this action.',
  404: 'No resource has been found.',
  429: 'Too many requests.',
  500: 'An unexpected error occurred.',
  502: 'Bad gateway.',
  503: 'The service is temporarily unavailable. Please try again later.',
};

export function defaultMessage(status: number): string {
  return DEFAULT_MESSAGES[status] ?? `Request failed with status ${status}.`;
}
