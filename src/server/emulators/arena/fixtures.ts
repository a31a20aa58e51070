/**
 * The emulated workspace: one complaint-handling template and the step attributes it uses.
 * GUIDs are fixed so field mappings saved in sandbox mode survive a restart of the emulator.
 */

export type FieldType = 'SINGLE_LINE_TEXT' | 'MULTI_LINE_TEXT' | 'DROP_DOWN' | 'FIXED_DROP_DOWN' | 'DATE' | 'NUMBER';

export interface Compact {
  guid: string;
  fullName: string;
}

export interface AttributeDefinition {
  guid: string;
  name: string;
  fieldType: FieldType;
  required: boolean;
  maxLength?: number;
  possibleValues?: string[];
  multiSelect?: boolean;
  maxSelections?: number;
}

export interface TemplateStepFixture {
  guid: string;
  name: string;
  order: number;
  type: 'REGULAR' | 'SIGNOFF';
  attributeGuids: string[];
  approvers?: (Compact & { email: string })[];
}

/** Default for ARENA_TEMPLATE_GUID in sandbox mode. */
export const ARENA_EMULATOR_TEMPLATE_GUID = 'WOFHVPXRGJG8I6BG3XF3';
export const NUMBER_FORMAT_GUID = 'GLUX7ODTG14HRA3VD34Q';
export const NUMBER_PREFIX_GUID = '2NFVSU4YE18HV57SWDUY';
export const NUMBER_PREFIX = 'CH-';
export const WORKSPACE = { id: 898765432, name: 'Provider Quality (emulated)' };

export const ATTRIBUTE_GUIDS = {
  complaintTitle: 'UK8KS2YI2185DH626DQ7',
  becomeAwareDate: 'VI4XOGH29CU36LC7OFA5',
  complainantName: 'OY0BRC9EHIA2R7IYO0A2',
  complainantEmail: 'B8AEUM9JNPQ9I999DMYM',
  complaintDescription: 'U62K9CL5QNMV04AFZ9OA',
  reportable: '7JQNUJL3IP22UX8QALR0',
  product: 'O2TOBYYC1PFE0U8SJULW',
  eventDate: 'SJ2QVQXN1BYSR8ED8MIC',
  symptoms: 'A7EA87B1A9EZK3S5452E',
  investigationSummary: 'XKAP8NJ4UWWG5NRKP5OU',
  rootCause: 'MC7Q7YVSKYL8BV09BZQC',
  unitsAffected: 'NJN8X8SC18LTXDCG5W6T',
  lotNumber: 'L0TN8MBR3QK7VX2D9HCA',
} as const;
const A = ATTRIBUTE_GUIDS;

export const QUALITY_OWNER: Compact & { email: string } = { guid: 'D1TZ46IAPIW6QFYPB3OH', fullName: 'Quality Owner', email: 'quality.owner@provider.example' };
export const QA_MANAGER: Compact & { email: string } = { guid: 'Z0NAYPLAWHMFGQCXUWRJ', fullName: 'QA Manager', email: 'qa.manager@provider.example' };
/** The integration user every API call acts as; it creates the processes. */
export const INTEGRATION_USER: Compact & { email: string } = { guid: 'RU4MRRI4FQD9YQUV4IIP', fullName: 'Portal Integration', email: 'integration@provider.example' };
export const OWNERS = [QUALITY_OWNER, QA_MANAGER, INTEGRATION_USER];
const ADMIN: Compact = { guid: '871V9CB0X1YPJ753EVN6', fullName: 'Admin' };

export const ATTRIBUTE_DEFINITIONS: AttributeDefinition[] = [
  { guid: A.complaintTitle, name: 'Complaint Title', fieldType: 'SINGLE_LINE_TEXT', required: true, maxLength: 255 },
  { guid: A.becomeAwareDate, name: 'Become Aware Date', fieldType: 'DATE', required: true },
  { guid: A.complainantName, name: 'Complainant Name', fieldType: 'SINGLE_LINE_TEXT', required: false, maxLength: 255 },
  { guid: A.complainantEmail, name: 'Complainant Email', fieldType: 'SINGLE_LINE_TEXT', required: false, maxLength: 255 },
  { guid: A.complaintDescription, name: 'Complaint Description', fieldType: 'MULTI_LINE_TEXT', required: false, maxLength: 4000 },
  { guid: A.reportable, name: 'Reportable?', fieldType: 'FIXED_DROP_DOWN', required: false, multiSelect: false, possibleValues: ['Yes', 'No', 'TBD'] },
  {
    guid: A.product,
    name: 'Product',
    fieldType: 'DROP_DOWN',
    required: false,
    maxLength: 255,
    possibleValues: ['Infusion Set', 'Insulin Pump', 'Blood Glucose Meter', 'Test Strips', 'Other'],
  },
  { guid: A.eventDate, name: 'Event Date', fieldType: 'DATE', required: false },
  {
    guid: A.symptoms,
    name: 'Symptoms',
    fieldType: 'FIXED_DROP_DOWN',
    required: false,
    multiSelect: true,
    maxSelections: 4,
    possibleValues: ['Pain', 'Swelling', 'Bleeding', 'Infection', 'Rash', 'Hypoglycemia', 'Hyperglycemia', 'None'],
  },
  { guid: A.unitsAffected, name: 'Units Affected', fieldType: 'NUMBER', required: false },
  { guid: A.lotNumber, name: 'Lot Number', fieldType: 'SINGLE_LINE_TEXT', required: false, maxLength: 255 },
  { guid: A.investigationSummary, name: 'Investigation Summary', fieldType: 'MULTI_LINE_TEXT', required: false, maxLength: 4000 },
  { guid: A.rootCause, name: 'Root Cause', fieldType: 'SINGLE_LINE_TEXT', required: false, maxLength: 255 },
];

export const TEMPLATE = {
  guid: ARENA_EMULATOR_TEMPLATE_GUID,
  name: 'Complaint Handling (CH) Template',
  shortName: 'CH',
  description: 'Intake, evaluation, investigation and approval of a customer complaint.',
  creationDateTime: '2024-01-15T17:00:00Z',
  creator: ADMIN,
  defaultOwner: QUALITY_OWNER as Compact | null,
  steps: [
    {
      guid: 'K90EHJGT7RHYH9AOJN90',
      name: 'Complaint Intake',
      order: 1,
      type: 'REGULAR',
      attributeGuids: [A.complaintTitle, A.becomeAwareDate, A.complainantName, A.complainantEmail, A.complaintDescription],
    },
    { guid: 'PPIYQT4J0LVXZQQF4H2C', name: 'Evaluation', order: 2, type: 'REGULAR', attributeGuids: [A.reportable, A.product, A.lotNumber, A.eventDate, A.symptoms, A.unitsAffected] },
    { guid: 'AJKH82845VG9QK2F8M3J', name: 'Investigation', order: 3, type: 'REGULAR', attributeGuids: [A.investigationSummary, A.rootCause] },
    { guid: '67Z4UV08OPYXSW5P4THB', name: 'Investigation Approved?', order: 4, type: 'SIGNOFF', attributeGuids: [], approvers: [QA_MANAGER] },
  ] satisfies TemplateStepFixture[] as TemplateStepFixture[],
};

/** Values of the process-level "type" drop-down. */
export const PROCESS_TYPES = ['Critical', 'Normal', 'Low'];

export function attributeDefinition(guid: string): AttributeDefinition | undefined {
  return ATTRIBUTE_DEFINITIONS.find((d) => d.guid === guid);
}
