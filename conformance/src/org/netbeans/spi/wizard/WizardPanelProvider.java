/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared; the
 * harness never shows a wizard: showing one fails loudly (see WizardDisplayer). */
package org.netbeans.spi.wizard;

import java.util.Map;
import javax.swing.JComponent;

public abstract class WizardPanelProvider {
  private final String title;

  protected WizardPanelProvider(String title, String singleStep, String singleDescription) {
    this.title = title;
  }

  protected WizardPanelProvider(String title, String[] steps, String[] descriptions) {
    this.title = title;
  }

  protected WizardPanelProvider(String[] steps, String[] descriptions) {
    this.title = null;
  }

  protected abstract JComponent createPanel(WizardController controller, String id, Map settings);

  public Wizard createWizard() {
    return new Wizard(title);
  }
}
