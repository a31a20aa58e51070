import type { EmuQuestion } from './types.ts';

/** The demo form "Complaint Form - BTS" (a 15-digit id like JotForm's). */
export const DEMO_FORM_ID = '243158902746061';
export const DEMO_FORM_TITLE = 'Complaint Form - BTS';
export const DEMO_USERNAME = 'btsquality';

/** The demo form's qids by role, for fixtures, tests and sandbox seeding. */
export const DEMO_QID = {
  title: '1',
  reporterHeading: '2',
  fullName: '3',
  email: '4',
  phone: '5',
  address: '6',
  reporterType: '7',
  detailsHeading: '8',
  eventDate: '9',
  awareDate: '10',
  product: '11',
  lotNumber: '12',
  issues: '13',
  // The screening questions triage at intake reads (docs/features/triage.md): added to the form later, so their ids come last.
  died: '20',
  injured: '21',
  malfunctioned: '22',
  description: '14',
  richDetails: '15',
  impact: '16',
  attachments: '17',
  captcha: '18',
  submit: '19',
} as const;

/** The screening questions' answers. */
export const YES_NO = ['Yes', 'No'] as const;

/** The "Date you became aware" question: the default source of the become-aware date. */
export const DEMO_AWARE_DATE_QID = DEMO_QID.awareDate;

export const PRODUCTS = [
  'Infusion Pump IP-300',
  'Glucose Meter GM-2',
  'Nebulizer Kit NK-10',
  'Foam Wound Dressing FD-4',
  'Insulin Pen Needles 32G',
  'CPAP Full-Face Mask',
  'Hinged Knee Brace',
  'Digital Thermometer DT-1',
  'Pulse Oximeter PX-5',
  'Urinary Catheter Kit',
  'Blood Pressure Monitor BP-7',
  'Compression Stockings',
  'Folding Walker',
  'Clinic Service (no product)',
] as const;
export type Product = (typeof PRODUCTS)[number];

export const REPORTER_TYPES = ['Patient', 'Family member or caregiver', 'Clinician', 'Other'] as const;

export const ISSUES = [
  'Device malfunction',
  'Injury or harm to patient',
  'Incorrect labeling or instructions',
  'Packaging damaged or not sterile',
  'Billing or scheduling issue',
  'Staff conduct or communication',
] as const;
export type Issue = (typeof ISSUES)[number];

export const IMPACT_ROWS = ['Pain or discomfort', 'Daily activities', 'Confidence in our care'] as const;
export const IMPACT_LEVELS = ['None', 'Mild', 'Moderate', 'Severe'] as const;

const NAME_SUBLABELS = { prefix: 'Prefix', first: 'First Name', middle: 'Middle Name', last: 'Last Name', suffix: 'Suffix' };
const PHONE_SUBLABELS = { country: 'Country Code', area: 'Area Code', phone: 'Phone Number', full: 'Phone Number', masked: 'Please enter a valid phone number.' };
const ADDRESS_SUBLABELS = {
  addr_line1: 'Street Address',
  addr_line2: 'Street Address Line 2',
  city: 'City',
  state: 'State / Province',
  postal: 'Postal / Zip Code',
  country: 'Country',
};
const DATE_SUBLABELS = { day: 'Day', month: 'Month', year: 'Year', last: 'Last Name', hour: 'Hour', minutes: 'Minutes', litemode: 'Date' };

const common = { required: 'No', readonly: 'No', labelAlign: 'Top', hidden: 'No' };
const date = { ...common, required: 'Yes', format: 'mmddyyyy', dateSeparator: '-', timeFormat: 'AM/PM', allowTime: 'No', liteMode: 'Yes', sublabels: DATE_SUBLABELS };

/** The form's questions as GET /form/{id}/questions returns them (strings everywhere). */
export function demoQuestions(): EmuQuestion[] {
  const q = DEMO_QID;
  const list: Omit<EmuQuestion, 'order'>[] = [
    { qid: q.title, type: 'control_head', text: DEMO_FORM_TITLE, name: 'complaintForm', headerType: 'Large', subHeader: 'Tell us what went wrong. Our quality team reviews every report.' },
    { qid: q.reporterHeading, type: 'control_head', text: 'Reporter Information', name: 'reporterInformation', headerType: 'Small', subHeader: '' },
    { qid: q.fullName, type: 'control_fullname', text: 'Full Name', name: 'fullName', ...common, required: 'Yes', middle: 'No', prefix: 'No', suffix: 'No', sublabels: NAME_SUBLABELS },
    { qid: q.email, type: 'control_email', text: 'Email', name: 'email', ...common, required: 'Yes', validation: 'Email', confirmation: 'No' },
    { qid: q.phone, type: 'control_phone', text: 'Phone Number', name: 'phoneNumber', ...common, inputMask: 'enable', inputMaskValue: '(###) ###-####', sublabels: PHONE_SUBLABELS },
    { qid: q.address, type: 'control_address', text: 'Address', name: 'address', ...common, sublabels: ADDRESS_SUBLABELS },
    { qid: q.reporterType, type: 'control_radio', text: 'You are', name: 'youAre', ...common, required: 'Yes', options: REPORTER_TYPES.join('|'), spreadCols: '1' },
    { qid: q.detailsHeading, type: 'control_head', text: 'Complaint Details', name: 'complaintDetails', headerType: 'Small', subHeader: '' },
    { qid: q.eventDate, type: 'control_datetime', text: 'Date of Event', name: 'dateOf', ...date },
    { qid: q.awareDate, type: 'control_datetime', text: 'Date you became aware', name: 'dateYou', ...date },
    { qid: q.product, type: 'control_dropdown', text: 'Product or Service', name: 'productOr', ...common, required: 'Yes', options: PRODUCTS.join('|'), emptyText: 'Please Select' },
    { qid: q.lotNumber, type: 'control_textbox', text: 'Lot Number', name: 'lotNumber', ...common, hint: 'Printed on the box, e.g. LOT 24A113', size: '20', validation: 'None', maxsize: '40' },
    { qid: q.issues, type: 'control_checkbox', text: 'What happened?', name: 'whatHappened', ...common, required: 'Yes', options: ISSUES.join('|'), spreadCols: '1' },
    { qid: q.died, type: 'control_radio', text: 'Did anyone die?', name: 'didAnyone', ...common, required: 'Yes', options: YES_NO.join('|'), spreadCols: '2' },
    { qid: q.injured, type: 'control_radio', text: 'Was anyone injured or did anyone need medical treatment?', name: 'wasAnyone', ...common, required: 'Yes', options: YES_NO.join('|'), spreadCols: '2' },
    { qid: q.malfunctioned, type: 'control_radio', text: 'Did the device malfunction or fail?', name: 'didThe', ...common, required: 'Yes', options: YES_NO.join('|'), spreadCols: '2' },
    { qid: q.description, type: 'control_textarea', text: 'Complaint Description', name: 'complaintDescription', ...common, required: 'Yes', rows: '6', cols: '40', entryLimit: 'None-0', wysiwyg: 'Disable' },
    { qid: q.richDetails, type: 'control_textarea', text: 'Timeline and Additional Details', name: 'timelineAnd', ...common, rows: '6', cols: '40', wysiwyg: 'Yes' },
    { qid: q.impact, type: 'control_matrix', text: 'How did this affect you?', name: 'howDid', ...common, inputType: 'Radio Button', mrows: IMPACT_ROWS.join('|'), mcolumns: IMPACT_LEVELS.join('|') },
    { qid: q.attachments, type: 'control_fileupload', text: 'Photos or Documents', name: 'photosOr', ...common, extensions: 'pdf, doc, docx, jpg, jpeg, png, gif', maxFileSize: '10240', allowMultiple: 'Yes' },
    { qid: q.captcha, type: 'control_captcha', text: 'Please verify that you are human', name: 'pleaseVerify', useReCaptcha: 'recaptcha' },
    { qid: q.submit, type: 'control_button', text: 'Submit', name: 'submit', buttonAlign: 'Auto', clear: 'No', print: 'No' },
  ];
  return list.map((question, i) => ({ ...question, order: String(i + 1) }) as EmuQuestion);
}
