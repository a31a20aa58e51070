/**
 * What JotForm's form builder calls each question type, so admins read "Heading", not
 * `control_head` (the raw name stays one hover or focus away). The Add Question dialog keeps the
 * raw list (docs/product.md, Forms).
 */
const TYPE_NAMES: Record<string, string> = {
  control_head: 'Heading',
  control_text: 'Paragraph',
  control_paragraph: 'Paragraph',
  control_textbox: 'Short Text',
  control_textarea: 'Long Text',
  control_dropdown: 'Dropdown',
  control_radio: 'Single Choice',
  control_checkbox: 'Multiple Choice',
  control_fullname: 'Full Name',
  control_email: 'Email',
  control_address: 'Address',
  control_phone: 'Phone',
  control_number: 'Number',
  control_password: 'Password',
  control_datetime: 'Date Picker',
  control_date: 'Date',
  control_time: 'Time',
  control_fileupload: 'File Upload',
  control_signature: 'Signature',
  control_rating: 'Star Rating',
  control_scale: 'Scale Rating',
  control_slider: 'Slider',
  control_matrix: 'Input Table',
  control_spinner: 'Spinner',
  control_button: 'Submit',
  control_captcha: 'Captcha',
  control_pagebreak: 'Page Break',
  control_collapse: 'Section Collapse',
  control_sectioncollapse: 'Section Collapse',
  control_divider: 'Divider',
  control_image: 'Image',
  control_hidden: 'Hidden Field',
  control_hiddenbox: 'Hidden Field',
  control_autoincrement: 'Unique ID',
  control_autoresponder: 'Autoresponder',
  control_conditions: 'Conditions',
  control_geolocation: 'Geolocation',
  control_payment: 'Payment',
  control_product: 'Product List',
  control_donation: 'Donation',
  control_widget: 'Widget',
  control_widget_inputtable: 'Input Table Widget',
  'control_widget_e-signature': 'E-Signature Widget',
  control_appointment: 'Appointment',
};

/** The builder's name of a type; an unknown one is the raw name made readable ("control_foo_bar" → "Foo bar"). */
export function questionTypeName(type: string): string {
  const known = TYPE_NAMES[type];
  if (known) return known;
  const words = type.replace(/^control_/, '').replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : type;
}

/** Questions without which the form cannot work as it should: deleting one asks twice. */
export const ESSENTIAL_TYPES: Readonly<Record<string, { what: string; consequence: string }>> = {
  control_button: { what: 'the form’s Submit button', consequence: 'The form cannot be submitted without it.' },
  control_captcha: { what: 'the form’s captcha', consequence: 'The form cannot be submitted safely without it: nothing would stop automated spam submissions.' },
};
