/** The accreditation contact the API tests send (accreditation.test.ts, confui/documents.test.ts): a valid CPF, a Recife phone. */
export const CONTACT = {
  ContactName: 'Joana Prado',
  Document: '529.982.247-25',
  BirthDate: '12/03/1984',
  Ddi: '55',
  Ddd: '81',
  Telephone: '98765-4321',
  Email: 'joana@maosqueajudam.org.br',
  FunctionDescription: 'Presidente',
  Nationality: 0,
};
