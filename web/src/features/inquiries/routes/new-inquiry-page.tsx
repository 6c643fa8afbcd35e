import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { InquiryForm } from '../components/inquiry-form';

/** /inquiries/new: spec §2's create form, at an address of its own so Back returns to the list. */
export function NewInquiryPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Inquiries" description="Fuel inquiries for your customers’ vessels." />
      <InquiryForm onCancel={() => navigate('/inquiries')} />
    </>
  );
}
