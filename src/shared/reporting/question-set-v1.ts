import type { QuestionVersion } from './question-types.ts';

const SERIOUS_INJURY_HELP =
  'A serious injury is an injury or illness that is life-threatening, results in permanent impairment of a body function or permanent damage to a body structure, or needs medical or surgical intervention to prevent such permanent impairment or damage (21 CFR 803.3). Permanent means irreversible, excluding trivial impairment or damage.';

/**
 * The first published questions (docs/features/reportability-assessment.md). Published data: it is
 * never edited once published — a change of wording or rules is a new version — so an assessment
 * made under it reads the same forever (the version test holds its fingerprint).
 */
export const QUESTION_SET_V1: QuestionVersion = {
  version: 1,
  published: '2026-11-28',
  sets: [
    {
      regime: 'US_MDR',
      questions: [
        {
          id: 'us_mfr_death',
          text: 'Does the information reasonably suggest that the device may have caused or contributed to a death?',
          help: 'Information from any source counts: the complaint, a follow-up, literature, a service report. "May have" is enough; the cause need not be proven.',
          source: '21 CFR 803.50(a)(1)',
        },
        {
          id: 'us_mfr_serious_injury',
          text: 'Does the information reasonably suggest that the device may have caused or contributed to a serious injury?',
          help: SERIOUS_INJURY_HELP,
          source: '21 CFR 803.50(a)(1); serious injury as 21 CFR 803.3 defines it',
        },
        {
          id: 'us_mfr_malfunction',
          text: 'Has the device malfunctioned in a way that would be likely to cause or contribute to a death or serious injury if the malfunction were to recur (this device or a similar one you market)?',
          help: 'A malfunction is a failure of the device to meet its performance specifications or otherwise perform as intended. Answer yes when a recurrence would likely lead to a death or serious injury, even though nobody was hurt this time.',
          source: '21 CFR 803.50(a)(2)',
        },
        {
          id: 'us_mfr_remedial_action',
          text: 'Does this event necessitate remedial action to prevent an unreasonable risk of substantial harm to the public health?',
          help: 'Remedial action is any action other than routine maintenance or servicing of a device where such action is necessary to prevent recurrence of a reportable event. The need may come from any information, trend analysis included. Asked only of a reportable event.',
          source: '21 CFR 803.53(a)',
          askedIf: [['us_mfr_death'], ['us_mfr_serious_injury'], ['us_mfr_malfunction']],
        },
        {
          id: 'us_mfr_fda_request',
          text: 'Has FDA made a written request for 5-day reports of events of this nature?',
          help: 'Such a request covers every later event of the same nature involving substantially similar devices, for the period it names. Asked only of a reportable event.',
          source: '21 CFR 803.53(b)',
          askedIf: [['us_mfr_death'], ['us_mfr_serious_injury'], ['us_mfr_malfunction']],
        },
      ],
      rules: {
        reportable: [['us_mfr_death'], ['us_mfr_serious_injury'], ['us_mfr_malfunction']],
        categories: [
          { when: [['us_mfr_remedial_action'], ['us_mfr_fda_request']], category: 'remedial_action', basis: '21 CFR 803.53: 5 work days' },
          { when: [['us_mfr_death'], ['us_mfr_serious_injury']], category: 'death_or_serious_deterioration', basis: '21 CFR 803.50(a)(1): 30 calendar days' },
          { category: 'standard', basis: '21 CFR 803.50(a)(2): 30 calendar days' },
        ],
        recipients: [{ to: ['FDA'] }],
      },
    },
    {
      regime: 'US_USER_FACILITY',
      questions: [
        {
          id: 'us_uf_death',
          text: 'Does the information reasonably suggest that a device has or may have caused or contributed to the death of a patient of your facility?',
          help: 'Information from any source counts. User facilities report deaths and serious injuries; malfunctions without either are not required reports for a user facility.',
          source: '21 CFR 803.30(a)(1)',
        },
        {
          id: 'us_uf_serious_injury',
          text: 'Does the information reasonably suggest that a device has or may have caused or contributed to a serious injury to a patient of your facility?',
          help: SERIOUS_INJURY_HELP,
          source: '21 CFR 803.30(a)(2); serious injury as 21 CFR 803.3 defines it',
        },
        {
          id: 'us_uf_manufacturer_known',
          text: "Is the device's manufacturer known?",
          help: 'A death is reported to FDA and to the manufacturer if known; a serious injury to the manufacturer, or to FDA when the manufacturer is not known.',
          source: '21 CFR 803.30(a)(1) and (a)(2)',
          askedIf: [['us_uf_death'], ['us_uf_serious_injury']],
        },
      ],
      rules: {
        reportable: [['us_uf_death'], ['us_uf_serious_injury']],
        categories: [
          { when: [['us_uf_death']], category: 'death_or_serious_deterioration', basis: '21 CFR 803.30(a)(1): 10 work days' },
          { category: 'death_or_serious_deterioration', basis: '21 CFR 803.30(a)(2): 10 work days' },
        ],
        recipients: [
          { when: [['us_uf_death', 'us_uf_manufacturer_known']], to: ['FDA', 'The manufacturer'] },
          { when: [['us_uf_death']], to: ['FDA'] },
          { when: [['us_uf_manufacturer_known']], to: ['The manufacturer'] },
          { to: ['FDA'] },
        ],
      },
    },
    {
      regime: 'EU_MDR',
      questions: [
        {
          id: 'eu_death',
          text: 'Did the incident directly or indirectly lead — or might it have led, or might it lead — to the death of a patient, user or other person?',
          help: 'An incident is any malfunction or deterioration in the characteristics or performance of the device, a use error due to its ergonomic features, an inadequacy in the information it comes with, or an undesirable side-effect (MDR Art. 2(64)).',
          source: 'MDR Art. 2(65)(a)',
        },
        {
          id: 'eu_serious_deterioration',
          text: "Did the incident directly or indirectly lead — or might it have led, or might it lead — to a temporary or permanent serious deterioration of a patient's, user's or other person's state of health?",
          help: 'For example a life-threatening illness or injury, a permanent impairment of a body structure or function, hospitalisation or its prolongation, medical or surgical intervention to prevent either, or a chronic disease.',
          source: 'MDR Art. 2(65)(b)',
        },
        {
          id: 'eu_unanticipated',
          text: 'Was that serious deterioration unanticipated?',
          help: 'Unanticipated: the condition that led to it was not considered in the risk analysis of the device. An unanticipated serious deterioration is reported within 10 days, an anticipated one within 15.',
          source: 'MDR Art. 87(5)',
          askedIf: [['eu_serious_deterioration']],
        },
        {
          id: 'eu_public_health_threat',
          text: "Could the event result in imminent risk of death, serious deterioration in a person's state of health or serious illness that may require prompt remedial action, and that may cause significant morbidity or mortality, or is unusual or unexpected for the place and time?",
          help: 'A serious public health threat is reported within 2 days of becoming aware of it, whatever else applies.',
          source: 'MDR Art. 2(66) and Art. 87(4)',
        },
        {
          id: 'eu_causal',
          text: 'Has a causal relationship between the device and the incident been established, or is it reasonably possible?',
          help: 'The report is due once the relationship is established or reasonably possible (for a death or an unanticipated serious deterioration, as soon as it is suspected). Answer no only when the device can be excluded as a cause.',
          source: 'MDR Art. 87(3)',
          askedIf: [['eu_death'], ['eu_serious_deterioration'], ['eu_public_health_threat']],
        },
        {
          id: 'eu_expected_side_effect',
          text: 'Is it an expected side-effect that is clearly documented in the product information, quantified in the technical documentation and subject to trend reporting under Art. 88?',
          help: 'Such side-effects are not reported one by one: they are counted in trend reporting. All three conditions must hold.',
          source: 'MDR Art. 87(1)(a)',
          askedIf: [['eu_death'], ['eu_serious_deterioration'], ['eu_public_health_threat']],
        },
      ],
      rules: {
        reportable: [
          ['eu_causal', '!eu_expected_side_effect', 'eu_death'],
          ['eu_causal', '!eu_expected_side_effect', 'eu_serious_deterioration'],
          ['eu_causal', '!eu_expected_side_effect', 'eu_public_health_threat'],
        ],
        categories: [
          { when: [['eu_public_health_threat']], category: 'public_health_threat', basis: 'MDR Art. 87(4): 2 days' },
          { when: [['eu_death'], ['eu_serious_deterioration', 'eu_unanticipated']], category: 'death_or_serious_deterioration', basis: 'MDR Art. 87(5): 10 days' },
          { category: 'standard', basis: 'MDR Art. 87(3): 15 days' },
        ],
        recipients: [{ to: ['The competent authority of the Member State where the incident occurred (through EUDAMED)'] }],
      },
    },
  ],
};
