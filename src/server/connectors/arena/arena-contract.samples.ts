/**
 * Answers in the shapes PTC's Arena REST API documentation shows for each call the connector makes
 * (the page named above each), written for this project: our own names, GUIDs and values, with the
 * documented keys, nulls and omissions — a `value` missing from an attribute, `numberFormats: null`,
 * users with a `fullName` only, the deprecated `assignee` beside `assignees`.
 */

/** "POST Log In": the sample spells the token `arena_session_id`. */
export const LOGIN = {
  arena_session_id: 'QPDOC-7fT2kq9LmW0xZb4RvN8sYc1Hd6Ja3Pe5|',
  workspaceId: 412345678,
  workspaceName: 'Provider Quality',
  workspaceRequestLimit: 25000,
};

const OWNER = { fullName: 'Morgan Lee', guid: 'QW3E5R7T9Y1U3I5O7P9A' };

/** "GET Quality Process Templates", a single template: step attributes as bare references. */
export const TEMPLATE = {
  active: true,
  creationDateTime: '2024-02-05T17:20:11Z',
  creator: { fullName: 'Sam Ortiz' },
  defaultNumberFormat: { guid: 'NF2B4D6F8H0J2L4N6P8R' },
  defaultOwner: OWNER,
  description: 'Complaint handling',
  guid: 'TPL1A3C5E7G9I1K3M5O7',
  name: 'Complaint Handling Template',
  numberFormats: [{ guid: 'NF2B4D6F8H0J2L4N6P8R', lastUsed: null, prefixes: [{ guid: 'PFX3C5E7G9I1K3M5O7Q9', value: 'CH-' }] }],
  shortName: 'CH',
  steps: [
    {
      attributes: [{ guid: 'ATT0DATE0AWARE0000A1', name: 'Become Aware Date' }],
      guid: 'STP0INTAKE0000000001',
      name: 'Intake',
      order: 1,
      type: 'REGULAR',
    },
    {
      allowOwnerToAddApprovers: true,
      approvers: [{ fullName: 'Dana Reyes' }, { fullName: 'Chris Park' }],
      guid: 'STP0APPROVAL00000003',
      name: 'Intake Approval',
      order: 3,
      type: 'SIGNOFF',
    },
    {
      allowOwnerToAddApprovers: null,
      approvers: null,
      attributes: [
        { guid: 'ATT0UNITS00000000NUM', name: 'Units Affected' },
        { guid: 'ATT0REPORTABLE0000DD', name: 'Reportable?' },
      ],
      guid: 'STP0INVESTIGATION002',
      name: 'Investigation',
      order: 2,
      type: 'REGULAR',
    },
  ],
};

/** "GET Quality Process Templates", the active-templates sample: no default owner or number format, numberFormats null. */
export const TEMPLATE_WITHOUT_DEFAULTS = {
  active: true,
  creationDateTime: '2023-08-12T22:30:52Z',
  creator: { email: 'sortiz@provider.example', fullName: 'Sam Ortiz', guid: 'USR0SAM0ORTIZ0000001' },
  defaultNumberFormat: null,
  defaultOwner: null,
  description: null,
  guid: 'TPL0CAR0000000000002',
  name: 'Corrective Action Template',
  numberFormats: null,
  shortName: 'CAR',
  steps: [
    {
      attributes: [{ apiName: 'ATT0PROBLEM000000MLT', fieldType: null, guid: 'ATT0PROBLEM000000MLT', name: 'Problem Description', value: null }],
      defaultAssignees: null,
      description: null,
      guid: 'STP0PROBLEM000000001',
      name: 'Problem Description',
      order: 1,
      type: 'REGULAR',
    },
    {
      allowOwnerToAddApprovers: true,
      approvers: [{ email: 'dreyes@provider.example', fullName: 'Dana Reyes', guid: 'USR0DANA0REYES000001' }],
      defaultApprovers: { userGroups: null, users: [{ email: 'dreyes@provider.example', fullName: 'Dana Reyes', guid: 'USR0DANA0REYES000001' }] },
      defaultAssignees: null,
      description: null,
      guid: 'STP0PLAN0APPROVED002',
      name: 'Plan Approved?',
      order: 2,
      type: 'SIGNOFF',
    },
  ],
};

/** "GET Quality Process Owners". */
export const OWNERS = {
  count: 2,
  results: [
    { fullName: OWNER.fullName, emailAddress: 'mlee@provider.example', guid: OWNER.guid },
    { fullName: 'Dana Reyes', emailAddress: 'dreyes@provider.example', guid: 'USR0DANA0REYES000001' },
  ],
};

/**
 * "GET Quality Process Step Attributes" with includePossibleValues=true. The sample lists no
 * drop-down; its possible values are a list of strings as on the other settings pages.
 */
export const STEP_ATTRIBUTES = {
  count: 3,
  results: [
    {
      active: true,
      allowsExplicitNullValue: true,
      apiName: 'ATT0DATE0AWARE0000A1',
      creatable: false,
      custom: true,
      editable: true,
      fieldType: 'DATE',
      guid: 'ATT0DATE0AWARE0000A1',
      name: 'Become Aware Date',
      required: true,
      searchable: true,
    },
    {
      active: true,
      allowsExplicitNullValue: true,
      apiName: 'ATT0UNITS00000000NUM',
      creatable: false,
      custom: true,
      defaultValue: '0',
      editable: true,
      fieldType: 'NUMBER',
      guid: 'ATT0UNITS00000000NUM',
      name: 'Units Affected',
      required: false,
      searchable: true,
    },
    {
      active: true,
      allowsExplicitNullValue: true,
      apiName: 'ATT0REPORTABLE0000DD',
      creatable: false,
      custom: true,
      editable: true,
      fieldType: 'FIXED_DROP_DOWN',
      guid: 'ATT0REPORTABLE0000DD',
      multiSelect: false,
      name: 'Reportable?',
      possibleValues: ['Yes', 'No', 'Undecided'],
      required: false,
      searchable: true,
    },
  ],
};

/** "POST Quality Process Create" (201) and "GET Quality Process Summary". */
export const PROCESS = {
  completedDateTime: null,
  creationDateTime: '2026-03-02T17:15:23Z',
  creator: { fullName: 'Integration User', guid: 'USR0INTEGRATION00001' },
  currentStep: { approvals: null, attributes: null, guid: 'PST0INTAKE0000000001' },
  description: 'Complaint 6009000000249561122',
  guid: 'QPR0CH000013000000A1',
  name: 'Infusion pump alarm did not sound',
  number: 'CH-000013',
  owner: OWNER,
  status: 'OPEN',
  statusMode: 'AUTOMATIC',
  targetCompletionDateTime: '2026-04-01T06:59:59Z',
  template: { active: null, guid: TEMPLATE.guid },
  type: null,
};

/** "GET Quality Processes Search". */
export const SEARCH = { count: 1, results: [PROCESS] };

/** "GET Quality Process Steps": out of order on purpose; a sign-off step has no attributes key. */
export const STEPS = {
  count: 3,
  results: [
    {
      approvals: null,
      assignee: null,
      assignees: null,
      attributes: [
        { apiName: 'ATT0UNITS00000000NUM', fieldType: 'NUMBER', guid: 'ATT0UNITS00000000NUM', name: 'Units Affected', value: 12 },
        { apiName: 'ATT0REPORTABLE0000DD', fieldType: 'FIXED_DROP_DOWN', guid: 'ATT0REPORTABLE0000DD', name: 'Reportable?', value: 'Yes' },
      ],
      completeDateTime: null,
      completeUser: null,
      dueDateTime: '2026-03-10T06:59:59Z',
      guid: 'PST0INVESTIGATION002',
      name: 'Investigation',
      order: 2,
      status: 'OPEN',
      type: 'REGULAR',
    },
    {
      approvals: null,
      assignee: { deprecated: true, fullName: 'Morgan Lee', guid: OWNER.guid, note: 'The assignee response object is deprecated. Please use assignees.' },
      assignees: { users: [{ fullName: 'Morgan Lee', guid: OWNER.guid }] },
      attributes: [{ apiName: 'ATT0DATE0AWARE0000A1', fieldType: 'DATE', guid: 'ATT0DATE0AWARE0000A1', name: 'Become Aware Date', value: '2026-03-01T08:00:00Z' }],
      completeDateTime: '2026-03-02T18:01:03Z',
      completeUser: { fullName: 'Morgan Lee' },
      dueDateTime: '2026-03-03T07:59:59Z',
      guid: 'PST0INTAKE0000000001',
      name: 'Intake',
      order: 1,
      status: 'COMPLETE',
      type: 'REGULAR',
    },
    {
      allowOwnerToAddApprovers: true,
      approvals: null,
      assignee: null,
      completeDateTime: null,
      completeUser: null,
      dueDateTime: null,
      guid: 'PST0APPROVAL00000003',
      name: 'Intake Approval',
      order: 3,
      status: 'OPEN',
      type: 'SIGNOFF',
    },
  ],
};

/** "PUT Quality Process Step Update" (201): an attribute without a value has no `value` key. */
export const STEP_UPDATED = {
  approvals: null,
  assignee: null,
  assignees: null,
  attributes: [
    { guid: 'ATT0UNITS00000000NUM', name: 'Units Affected', value: 14 },
    { guid: 'ATT0REPORTABLE0000DD', name: 'Reportable?' },
  ],
  completeDateTime: null,
  completeUser: null,
  dueDateTime: '2026-03-10T06:59:59Z',
  guid: 'PST0INVESTIGATION002',
  name: 'Investigation',
  order: 2,
  status: 'OPEN',
  type: 'REGULAR',
};

/** The error envelope every page shows, e.g. for a GUID that names nothing. */
export const INVALID_GUID = { status: 400, errors: [{ code: 3011, message: 'The guid "QPR0NOTHING000000000" is not valid.' }] };

/**
 * "GET Quality Process Number Formats": every format of the workspace, each with its prefixes (a
 * template may list none of them). The list is not paged and carries `statusCode` beside `results`.
 */
export const NUMBER_FORMATS = {
  count: 2,
  results: [
    {
      creationDateTime: '2023-08-12T22:30:52Z',
      guid: 'NF2B4D6F8H0J2L4N6P8R',
      lastUsed: '000012',
      name: 'CH',
      nextValue: '000013',
      prefixes: [{ guid: 'PFX3C5E7G9I1K3M5O7Q9', value: 'CH-' }],
    },
    {
      creationDateTime: '2023-08-12T22:30:52Z',
      guid: 'NF0CAR00000000000002',
      lastUsed: '000000',
      name: 'CAR',
      nextValue: '000001',
      prefixes: [
        { value: 'CAR-', guid: 'PFX0CAR0000000000001' },
        { value: 'CAR2-', guid: 'PFX0CAR0000000000002' },
      ],
    },
  ],
  statusCode: 0,
};

/** "POST Quality Process Create" (201), as its sample answers: the target completion date null. */
export const CREATED = { ...PROCESS, targetCompletionDateTime: null, type: 'Design' };
