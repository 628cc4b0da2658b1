/** What a user types to mean 继续生成 (continue the stopped answer) in the app's languages. */
export const CONTINUE_WORDS = /^(继续|繼續|继续生成|繼續生成|接着写|接著寫|接着说|接著說|go on|continue|continuar|continuer)[。.!！]?$/i;

export const meansContinue = (text: string) => CONTINUE_WORDS.test(text.trim());
