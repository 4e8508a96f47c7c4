/** One labelled fact about a chosen file, for a tool page's info panel ("Pages", "12"). */
export interface FactLine {
  label: string;
  value: string;
}
