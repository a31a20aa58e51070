import type { Issue, Product } from './fixtures-form.ts';

/*
 * Invented reporters and complaint scenarios for the demo form. Names are made up, e-mail
 * domains are the reserved example.* ones and phone numbers the fictional 555-01xx range.
 */

export interface DemoPerson {
  first: string;
  last: string;
  domain: 'example.com' | 'example.org' | 'example.net';
  street: string;
  city: string;
  state: string;
  postal: string;
  reporter: 'Patient' | 'Family member or caregiver' | 'Clinician' | 'Other';
}

const P = (first: string, last: string, domain: DemoPerson['domain'], street: string, city: string, state: string, postal: string, reporter: DemoPerson['reporter'] = 'Patient'): DemoPerson => ({
  first,
  last,
  domain,
  street,
  city,
  state,
  postal,
  reporter,
});

export const PEOPLE: readonly DemoPerson[] = [
  P('Alma', 'Reyes-Whitfield', 'example.com', '418 Alder Creek Rd', 'Springfield', 'IL', '62704'),
  P('Tobias', 'Lindgren', 'example.org', '77 Quarry Hill Ln', 'Fairview', 'PA', '16415', 'Family member or caregiver'),
  P('Priya', 'Venkataraman', 'example.net', '1290 Harbor View Dr', 'Riverton', 'NJ', '08077', 'Clinician'),
  P('Marcus', 'Oyelaran', 'example.com', '9 Birch Hollow Ct', 'Greenville', 'SC', '29607'),
  P('Delphine', 'Arceneaux', 'example.org', '3305 Bayou Bend St', 'Lafayette', 'LA', '70503'),
  P('Hollis', 'Brennan', 'example.com', '52 Old Mill Rd', 'Clinton', 'CT', '06413', 'Family member or caregiver'),
  P('Yuki', 'Tanabe-Morrow', 'example.net', '610 Cedar Terrace', 'Madison', 'WI', '53711'),
  P('Roberta', 'Castellano', 'example.com', '2140 Juniper Way', 'Franklin', 'TN', '37064'),
  P('Ezekiel', 'Nwosu', 'example.org', '88 Lakeshore Blvd', 'Salem', 'OR', '97301'),
  P('Corinne', 'Maddox', 'example.com', '1417 Prairie Rose Ave', 'Lincoln', 'NE', '68502', 'Other'),
  P('Samir', 'Haddad', 'example.net', '305 Willow Bend Dr', 'Dearborn', 'MI', '48124'),
  P('Greta', 'Vollmer', 'example.com', '19 Foxglove Ln', 'Burlington', 'VT', '05401', 'Family member or caregiver'),
  P('Lucas', 'Ferreira-Bell', 'example.org', '740 Seaside Ave', 'Newport', 'RI', '02840'),
  P('Imani', 'Whitaker', 'example.com', '2605 Magnolia St', 'Jackson', 'MS', '39202'),
  P('Dorothy', 'Pruitt', 'example.net', '11 Orchard Row', 'Dover', 'DE', '19901', 'Family member or caregiver'),
  P('Anselm', 'Kowalczyk', 'example.com', '4821 Kestrel Rd', 'Parma', 'OH', '44134'),
  P('Rosalind', 'Osei', 'example.org', '93 Larkspur Cir', 'Columbia', 'MD', '21044', 'Clinician'),
  P('Thaddeus', 'Lindqvist', 'example.com', '1502 Granite Ridge Dr', 'Rochester', 'MN', '55901'),
  P('Noor', 'Al-Sayegh', 'example.net', '260 Palmetto Pkwy', 'Tampa', 'FL', '33606'),
  P('Beatrix', 'Holloway', 'example.com', '37 Thistle Bank Rd', 'Concord', 'NH', '03301', 'Family member or caregiver'),
  P('Wendell', 'Ashby', 'example.org', '908 Cottonwood Dr', 'Amarillo', 'TX', '79106'),
  P('Catalina', 'Ibarra', 'example.com', '4419 Mesa Verde Ave', 'Tucson', 'AZ', '85711'),
  P('Jonah', 'Feldstein', 'example.net', '125 Riverside Ter', 'Albany', 'NY', '12203'),
  P('Mireille', 'Dubois-Carter', 'example.com', '66 Chestnut Sq', 'Portland', 'ME', '04101', 'Clinician'),
  P('Everett', 'Szabo', 'example.org', '3017 Sycamore Ln', 'Boise', 'ID', '83705'),
  P('Lakshmi', 'Narayan', 'example.com', '81 Heron Point Dr', 'Cary', 'NC', '27511'),
  P('Gideon', 'Marsh', 'example.net', '2290 Ironwood Ct', 'Aurora', 'CO', '80014', 'Family member or caregiver'),
  P('Paloma', 'Etxeberria', 'example.com', '515 Sagebrush Rd', 'Reno', 'NV', '89502'),
  P('Rupert', 'Valdez', 'example.org', '1806 Pecan Grove Dr', 'Little Rock', 'AR', '72205'),
  P('Sunniva', 'Haugen', 'example.com', '42 Fjord View Ln', 'Fargo', 'ND', '58103'),
  P('Obadiah', 'Pierce', 'example.net', '709 Hickory Knoll Rd', 'Lexington', 'KY', '40502', 'Family member or caregiver'),
  P('Fenella', 'Garrity', 'example.com', '27 Bramble Way', 'Charleston', 'WV', '25301'),
  P('Kwame', 'Asante-Reid', 'example.org', '3640 Peachtree Hills Ave', 'Decatur', 'GA', '30030'),
  P('Ingrid', 'Solberg', 'example.com', '154 Aspen Glen Dr', 'Missoula', 'MT', '59801'),
  P('Mateo', 'Arriaga', 'example.net', '902 Arroyo Seco Rd', 'Santa Fe', 'NM', '87505'),
  P('Valentina', 'Cruz-Hale', 'example.com', '48 Lighthouse Ln', 'Annapolis', 'MD', '21401'),
];

export function emailOf(p: DemoPerson): string {
  return `${p.first}.${p.last}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${p.domain}`;
}

/** Fictional numbers only: 555-0100 to 555-0199. */
export function phoneOf(index: number): string {
  return `(555) 555-01${String(index % 100).padStart(2, '0')}`;
}

export interface DemoScenario {
  product: Product;
  issues: readonly Issue[];
  description: string;
  /** Quality-process title used when the demo row was transferred. */
  title: string;
  lot: string;
  /** Bullet points of the rich-text timeline, when the reporter gave one. */
  timeline?: readonly string[];
  /** Pain, daily activities, confidence (matrix answer). */
  impact?: readonly [string, string, string];
  uploads?: readonly string[];
  /** The screening questions answered yes (the others are answered no). */
  screening?: readonly ('died' | 'injured' | 'malfunctioned')[];
}

export const SCENARIOS: readonly DemoScenario[] = [
  { product: 'Infusion Pump IP-300', issues: ['Device malfunction'], title: 'IP-300 false occlusion alarms', screening: ['malfunctioned'], lot: 'LOT 24A113', description: 'The pump kept sounding the occlusion alarm overnight although the line was clear. The home-care nurse restarted it twice and my antibiotic dose finished three hours late.', timeline: ['9:40 pm: infusion started', '11:15 pm: first occlusion alarm, line checked and clear', '1:30 am: second alarm, nurse restarted the pump'], impact: ['Mild', 'Moderate', 'Moderate'], uploads: ['pump_alarm_screen.jpg'] },
  { product: 'Glucose Meter GM-2', issues: ['Device malfunction', 'Incorrect labeling or instructions'], title: 'GM-2 readings differ from lab values', lot: 'GM2-2311-07', description: 'Meter read 182 mg/dL while the clinic lab drew 118 mg/dL ten minutes later. The quick-start card says to code the strips but the meter has no coding menu.', impact: ['None', 'Moderate', 'Severe'] },
  { product: 'Nebulizer Kit NK-10', issues: ['Device malfunction'], title: 'NK-10 mask strap breaks on first use', lot: 'NK10-B552', description: 'The elastic strap on the child mask snapped the first time we put it on. We had to hold the mask by hand for the whole treatment.' },
  { product: 'Foam Wound Dressing FD-4', issues: ['Injury or harm to patient'], title: 'FD-4 adhesive blistering', lot: 'FD4-0923-A', description: 'Blisters formed around the edge of the dressing after two days. The wound nurse removed it and switched to a silicone border dressing.', impact: ['Moderate', 'Mild', 'Mild'], uploads: ['dressing_margin.jpg', 'dressing_box_label.jpg'] },
  { product: 'Insulin Pen Needles 32G', issues: ['Packaging damaged or not sterile', 'Device malfunction'], title: 'Pen needle seals broken, bent needles', lot: 'PN32-77810', description: 'Several needles in the new box had torn paper seals and two were bent inside the outer cap. I did not use any of them.' },
  { product: 'CPAP Full-Face Mask', issues: ['Device malfunction'], title: 'CPAP mask cushion tear and leak', lot: 'FFM-L-2402', description: 'The cushion tore along the nose bridge after one week and the machine reports a large leak every night.', impact: ['Mild', 'Moderate', 'Mild'] },
  { product: 'Hinged Knee Brace', issues: ['Device malfunction', 'Injury or harm to patient'], title: 'Knee brace hinge screw loosens', screening: ['injured', 'malfunctioned'], lot: 'KB-H-1198', description: 'A hinge screw worked loose and fell out while I was walking. The brace gave way and I twisted the knee I am recovering on.', timeline: ['Brace fitted at the clinic', 'Day 9: hinge felt loose', 'Day 10: screw fell out, knee twisted'], impact: ['Severe', 'Severe', 'Moderate'] },
  { product: 'Digital Thermometer DT-1', issues: ['Device malfunction'], title: 'DT-1 blank display after battery change', lot: 'DT1-5521', description: 'After replacing the battery as the leaflet describes, the display stays blank. The thermometer is three weeks old.' },
  { product: 'Clinic Service (no product)', issues: ['Billing or scheduling issue'], title: 'Duplicate billing for follow-up visit', lot: '', description: 'I was billed twice for the same follow-up visit. The front desk said they could not see the second charge and asked me to call another number that nobody answers.' },
  { product: 'Clinic Service (no product)', issues: ['Staff conduct or communication', 'Injury or harm to patient'], title: 'Repeated failed blood draws and bruising', lot: '', description: 'The phlebotomist tried four times on both arms and left large bruises. When I asked for someone else I was told to stop complaining.', impact: ['Moderate', 'Mild', 'Severe'] },
  { product: 'Clinic Service (no product)', issues: ['Incorrect labeling or instructions'], title: 'Discharge sheet shows wrong dose', lot: '', description: 'The discharge instructions say to take the blood thinner twice a day but the pharmacy label says once a day. Nobody at the clinic could tell me which is right.', timeline: ['Discharge on Monday afternoon', 'Pharmacy pickup the same evening', 'Called the clinic Tuesday, no answer'] },
  { product: 'Compression Stockings', issues: ['Incorrect labeling or instructions'], title: 'Stockings box labeled medium contains large', lot: 'CS-M-3340', description: 'The box is labeled medium but the stockings inside are marked large and slide down all day.' },
  { product: 'Pulse Oximeter PX-5', issues: ['Device malfunction'], title: 'PX-5 low and fluctuating SpO2 readings', lot: 'PX5-0098', description: 'The oximeter shows 82 to 95 percent jumping every few seconds while I feel fine. The clinic device read 98 percent at the same time.', uploads: ['oximeter_video_still.png'] },
  { product: 'Urinary Catheter Kit', issues: ['Packaging damaged or not sterile'], title: 'Catheter kit missing lubricant, torn pouch', lot: 'UCK-14-2207', description: 'The sterile pouch had a tear at the corner and the lubricant sachet was missing from the kit.', impact: ['Mild', 'Moderate', 'Moderate'] },
  { product: 'Clinic Service (no product)', issues: ['Staff conduct or communication', 'Billing or scheduling issue'], title: 'Telehealth visit dropped without callback', lot: '', description: 'My video visit dropped after two minutes. I waited online for forty minutes and nobody called back. I was still charged a no-show fee.' },
  { product: 'Blood Pressure Monitor BP-7', issues: ['Device malfunction'], title: 'BP-7 cuff error E3', lot: 'BP7-4410', description: 'The cuff inflates, stops halfway and shows error E3. It happens with the new batteries and with the wall adapter.' },
  { product: 'Folding Walker', issues: ['Device malfunction', 'Injury or harm to patient'], title: 'Walker front wheel cracked', screening: ['injured', 'malfunctioned'], lot: 'FW-220-19', description: 'The front left wheel cracked after two weeks of indoor use. The walker tipped and my mother fell against the door frame; she has a bruised hip.', timeline: ['Walker delivered', 'Week 2: wheel wobble noticed', 'Fall in the hallway, urgent care visit'], impact: ['Moderate', 'Severe', 'Severe'], uploads: ['walker_wheel.jpg'] },
];
