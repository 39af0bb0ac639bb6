// The templates feature: the view (used by the templates page and the deal rooms) and its sources.
export { TemplatesView, type AddMeAction, type TemplatesViewProps } from './components/templates-view';
export {
  dealRoomTemplateSource,
  getPopulatedTemplates,
  getTemplateBody,
  saveTemplate,
  signedInTemplateSource,
  type TemplateRow,
  type TemplateServiceType,
  type TemplateSource,
} from './api';
