/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared; a
 * wizard is shown only through the driver the harness installs (see WizardDisplayer). */
package org.netbeans.spi.wizard;

import java.util.Map;
import javax.swing.JComponent;

public abstract class WizardPanelProvider {
  private final String title;
  private final String[] steps;
  private final String[] descriptions;

  protected WizardPanelProvider(String title, String singleStep, String singleDescription) {
    this(title, new String[]{singleStep}, new String[]{singleDescription});
  }

  protected WizardPanelProvider(String title, String[] steps, String[] descriptions) {
    this.title = title;
    this.steps = steps == null ? new String[0] : steps.clone();
    this.descriptions = descriptions == null ? new String[0] : descriptions.clone();
  }

  protected WizardPanelProvider(String[] steps, String[] descriptions) {
    this(null, steps, descriptions);
  }

  /** The panel for step id; the wizard calls this when navigating to a step. */
  protected abstract JComponent createPanel(WizardController controller, String id, Map settings);

  /** Called when the user presses Finish; VASSAL's result producers override this. */
  protected Object finish(Map settings) throws WizardException {
    return settings;
  }

  public boolean cancel(Map settings) {
    return true;
  }

  /** Index of a step id (VASSAL's GameSetupPanels.createPanel uses it), -1 if unknown. */
  protected final int indexOfStep(String id) {
    for (int i = 0; i < steps.length; i++) {
      if (steps[i].equals(id)) return i;
    }
    return -1;
  }

  public Wizard createWizard() {
    return new Wizard(this, title, steps, descriptions);
  }
}
