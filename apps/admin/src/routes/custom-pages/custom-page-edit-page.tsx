import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormCheckbox, FormTextarea, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import {
  type TCustomPage,
  type TCustomPagePayload,
  type TCustomPageResponse,
  type TCustomPageSaved,
  ZCustomPagePayloadSchema,
} from '@cadence/contracts/custom-page';
import { apiClient } from '@cadence/http-client/http-client';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { RichTextField } from './rich-text-field';

type TForm = TCustomPagePayload;

function CustomPageForm({ page }: { page?: TCustomPage }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: ZCustomPagePayloadSchema,
    defaultValues: {
      title: page?.title ?? '',
      slug: page?.slug ?? '',
      body: page?.body ?? '',
      meta_title: page?.meta_title ?? '',
      meta_description: page?.meta_description ?? '',
      hide_nav: page?.hide_nav ?? false,
    },
    submit: (values) =>
      page
        ? apiClient.put<TCustomPageSaved>(`custom-pages/${page.id}`, values)
        : apiClient.post<TCustomPageSaved>('custom-pages', values),
    successMessage: page ? trans('Page updated') : trans('Page created'),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['admin-list', 'custom-pages'] });
      await queryClient.invalidateQueries({ queryKey: ['admin-custom-page'] });
      if (!page) navigate(`/custom-pages/${result.page.id}/edit`, { replace: true });
    },
  });
  return (
    <AdminForm adminForm={adminForm} className="flex max-w-3xl flex-col gap-5">
      <FormTextField<TForm> name="title" label={trans('Title')} isRequired />
      <FormTextField<TForm>
        name="slug"
        label={trans('Slug')}
        description={trans('The page lives at /pages/{slug}. Made from the title when left empty.')}
      />
      <RichTextField<TForm> name="body" label={trans('Content')} />
      <fieldset className="flex flex-col gap-4 rounded-panel border border-divider p-4">
        <legend className="px-1 text-sm font-semibold">{trans('SEO')}</legend>
        <FormTextField<TForm>
          name="meta_title"
          label={trans('Meta title')}
          description={trans('The title search engines and link previews show. The page title when empty.')}
        />
        <FormTextarea<TForm>
          name="meta_description"
          label={trans('Meta description')}
          description={trans('A sentence or two for search results. The start of the content when empty.')}
        />
      </fieldset>
      <FormCheckbox<TForm>
        name="hide_nav"
        label={trans('Hide navigation')}
        description={trans("Show the page without the site's top navigation bar.")}
      />
      <div className="flex items-center gap-4">
        <SubmitButton>{page ? trans('Save') : trans('Create')}</SubmitButton>
        {page && (
          <a
            href={`/pages/${page.slug}`}
            target="_blank"
            rel="noreferrer"
            className="text-sm text-primary underline"
          >
            {trans('View page')}
          </a>
        )}
      </div>
    </AdminForm>
  );
}

/** /admin/custom-pages/new and /admin/custom-pages/{pageId}/edit. */
export function CustomPageEditPage() {
  const { trans } = useTrans();
  const { pageId } = useParams();
  const page = useQuery({
    queryKey: ['admin-custom-page', pageId],
    queryFn: () => apiClient.get<TCustomPageResponse>(`custom-pages/${pageId}`),
    enabled: !!pageId,
  });
  return (
    <section className="flex flex-col gap-4" data-testid="custom-page-edit-page">
      <nav aria-label={trans('Breadcrumbs')} className="text-sm text-muted">
        <Link to="/custom-pages" className="underline-offset-4 hover:text-fg hover:underline">
          {trans('Pages')}
        </Link>{' '}
        / <span>{pageId ? (page.data?.page.title ?? '…') : trans('New')}</span>
      </nav>
      <h1 className="text-2xl font-semibold">{pageId ? trans('Edit page') : trans('New page')}</h1>
      {pageId && page.isPending ? (
        <Spinner label={trans('Loading...')} />
      ) : pageId && !page.data ? (
        <p role="alert">{trans('This page could not be loaded.')}</p>
      ) : (
        <CustomPageForm key={page.data?.page.updated_at ?? 'new'} page={page.data?.page} />
      )}
    </section>
  );
}
