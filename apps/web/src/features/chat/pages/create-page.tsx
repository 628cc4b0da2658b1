import { useSearchParams } from 'react-router';
import { FreeCreate } from '../components/free-create';
import { TemplateCreate } from '../components/template-create';
import './templates.css';

/**
 * Creation page `/pages/index/create/index?templateId=`: the template's form, or free creation and a template
 * picker when opened without one; generate streams into the copy page.
 */
export function CreatePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('templateId')) || 0;
  return id > 0 ? <TemplateCreate key={id} id={id} /> : <FreeCreate />;
}
