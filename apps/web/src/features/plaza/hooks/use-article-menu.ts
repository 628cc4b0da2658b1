import type { ArticleDetail } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePersonName } from '../../../shared/lib/person-name';
import { switchTab } from '../../../shared/lib/tabs';
import { showToast } from '../../../shared/ui/feedback';
import { blockUser, invalidatePlaza, reportArticle } from '../api/articles';
import { useRequireLogin } from '../components/use-login-prompt';

const REPORT_REASONS = ['spam', 'porn', 'politics', 'abuse', 'fraud', 'copyright', 'other'] as const;

/**
 * The article's ⋯ menu: poster and video for everyone, edit for mine; report (a reason to pick) and block the
 * author (confirmed, then back to the plaza) for others' works.
 */
export function useArticleMenu(article: ArticleDetail) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requireLogin = useRequireLogin();

  const handleReport = async () => {
    if (!(await requireLogin())) return;
    const { default: ActionSheet } = await import('antd-mobile/es/components/action-sheet');
    ActionSheet.show({
      extra: t('plaza.report.title'),
      cancelText: t('common.cancel'),
      closeOnAction: true,
      actions: REPORT_REASONS.map((reason) => ({
        key: reason,
        text: t(`plaza.report.reason.${reason}`),
        onClick: () =>
          void reportArticle(article.id, t(`plaza.report.reason.${reason}`)).then(
            () => showToast(t('plaza.report.done'), 'success'),
            () => undefined,
          ),
      })),
    });
  };

  const handleBlock = async () => {
    if (!(await requireLogin())) return;
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      title: t('plaza.block.title'),
      content: t('plaza.block.content', { name: personName(article.author.nickName) }),
      confirmText: t('plaza.block.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      await blockUser(article.author.id);
    } catch {
      return;
    }
    showToast(t('plaza.block.done'), 'success');
    queryClient.removeQueries({ queryKey: ['plaza', 'detail'] });
    await invalidatePlaza(queryClient);
    switchTab(navigate, '/pages/plaza/index');
  };

  return async () => {
    const { default: ActionSheet } = await import('antd-mobile/es/components/action-sheet');
    const actions = [
      { key: 'poster', text: t('plaza.poster.open'), onClick: () => void navigate(`/pages/detail/banner?articleId=${article.id}`) },
      { key: 'video', text: t('plaza.makeVideo'), onClick: () => void navigate(`/media/video/index?articleId=${article.id}`) },
      ...(article.isMine
        ? [{ key: 'edit', text: t('plaza.post.edit'), onClick: () => void navigate(`/pages/detail/post?id=${article.id}`) }]
        : [
            { key: 'report', text: t('plaza.report.action'), onClick: () => void handleReport() },
            { key: 'block', text: t('plaza.block.action'), danger: true, onClick: () => void handleBlock() },
          ]),
    ];
    ActionSheet.show({ actions, cancelText: t('common.cancel'), closeOnAction: true });
  };
}
