/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared; a
 * wizard is shown only through the driver the harness installs (see WizardDisplayer).
 *
 * Beyond the NetBeans API, getProvider() and finish(Map) let a driver walk the steps headless. */
package org.netbeans.spi.wizard;

import java.util.Map;
import javax.swing.JComponent;

public class Wizard {
  private final WizardPanelProvider provider;
  private final String title;
  private final String[] steps;
  private final String[] descriptions;
  private final WizardController controller = new WizardController();
  private String current;

  Wizard(WizardPanelProvider provider, String title, String[] steps, String[] descriptions) {
    this.provider = provider;
    this.title = title;
    this.steps = steps;
    this.descriptions = descriptions;
  }

  /** Stand-in only: the panel provider this wizard was created from (null for other wizards). */
  public WizardPanelProvider getProvider() {
    return provider;
  }

  public String getTitle() {
    return title;
  }

  public String[] getAllSteps() {
    return steps.clone();
  }

  public String getCurrentStep() {
    return current;
  }

  public int getForwardNavigationMode() {
    return controller.getForwardNavigationMode();
  }

  public String getLongDescription(String step) {
    return null;
  }

  public String getStepDescription(String step) {
    for (int i = 0; i < steps.length; i++) {
      if (steps[i].equals(step)) return i < descriptions.length ? descriptions[i] : step;
    }
    return step;
  }

  public String getProblem() {
    return controller.getProblem();
  }

  public boolean isBusy() {
    return false;
  }

  public boolean cancel(Map settings) {
    return provider == null || provider.cancel(settings);
  }

  /** As the real wizard does on navigation: asks the provider for the step's panel. */
  public JComponent navigatingTo(String step, Map settings) {
    if (provider == null) throw new UnsupportedOperationException("wizard \"" + title + "\" has no panel provider");
    current = step;
    return provider.createPanel(controller, step, settings);
  }

  /** Stand-in only: what the real wizard does when Finish is pressed. */
  public Object finish(Map settings) throws WizardException {
    if (provider == null) throw new UnsupportedOperationException("wizard \"" + title + "\" has no panel provider");
    return provider.finish(settings);
  }

  public void addWizardObserver(WizardObserver o) {
  }

  public void removeWizardObserver(WizardObserver o) {
  }
}
